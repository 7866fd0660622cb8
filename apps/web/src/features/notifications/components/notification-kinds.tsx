import { Typography } from 'antd';
import './notifications.css';

/** Who receives what (issue: comments, lateness, day-off requests, shift reminders). */
export function NotificationKinds() {
  return (
    <>
      <ul className="smena-notification-settings__what">
        <li>
          Руководителям — новые комментарии, опоздания, неотметившиеся к началу смены, запросы
          отсутствий, заявки на открытые смены и обмены сменами.
        </li>
        <li>
          Сотрудникам — напоминания о начале и конце смены, новые открытые смены, предложения обмена
          и решения по заявкам, если они включили уведомления на телефоне.
        </li>
      </ul>
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
        Все уведомления видны и без push — в колокольчике в шапке.
      </Typography.Paragraph>
    </>
  );
}
