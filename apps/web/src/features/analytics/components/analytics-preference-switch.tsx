import { Switch, Typography } from 'antd';
import { useId } from 'react';
import { Link } from 'react-router';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { paths } from '../../../config/paths.ts';
import { useAnalyticsPreference } from '../api/get-analytics-preference.ts';
import { useUpdateAnalyticsPreference } from '../api/update-analytics-preference.ts';
import './analytics.css';

/** The person's own choice about product analytics (on by default; the privacy page explains). */
export function AnalyticsPreferenceSwitch() {
  const id = useId();
  const hintId = useId();
  const preference = useAnalyticsPreference();
  const update = useUpdateAnalyticsPreference();
  const enabled = preference.data?.enabled ?? true;

  return (
    <div className="smena-analytics-preference">
      <div className="smena-analytics-preference__row">
        <Switch
          id={id}
          aria-describedby={hintId}
          checked={enabled}
          loading={preference.isPending || update.isPending}
          disabled={preference.isError}
          onChange={(next) =>
            update.mutate(
              { enabled: next },
              {
                onSuccess: () =>
                  notify.success(
                    next
                      ? 'Статистика использования включена'
                      : 'Статистика использования больше не отправляется',
                  ),
              },
            )
          }
        />
        <label htmlFor={id} className="smena-analytics-preference__label">
          Отправлять обезличенную статистику использования
        </label>
      </div>
      <Typography.Paragraph
        type="secondary"
        id={hintId}
        className="smena-analytics-preference__hint"
      >
        Какие разделы и функции вы открываете — без имён, контактов и координат. Данные остаются на
        нашем сервере и помогают улучшать сервис. <Link to={paths.public.privacy}>Подробнее</Link>
      </Typography.Paragraph>
      {preference.isError && (
        <Typography.Text type="danger">
          Не удалось загрузить настройку. Обновите страницу.
        </Typography.Text>
      )}
    </div>
  );
}
