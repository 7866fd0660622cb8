import { SendOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { useSendTestNotification } from '../api/send-test-notification.ts';
import { usePushControl } from '../use-push-control.ts';
import { PushStatusView } from './push-status.tsx';

/**
 * «Push-уведомления в этом браузере» of the settings page: the state, «Включить» / «Отключить»
 * and «Отправить тестовое уведомление» (it lands in the bell's list, and as a push when enabled).
 */
export function BrowserPushSettings({ userId }: { userId: number | undefined }) {
  const control = usePushControl(userId);
  const test = useSendTestNotification();

  const sendTest = async () => {
    try {
      const result = await test.mutateAsync();
      notify.success(
        result.subscriptions > 0
          ? 'Тестовое уведомление отправлено: оно появится в браузере и в списке уведомлений.'
          : 'Тестовое уведомление добавлено в список уведомлений. Включите push-уведомления, чтобы получать их и в браузере.',
      );
    } catch (error) {
      notify.apiError(error, 'Не удалось отправить тестовое уведомление');
    }
  };

  return (
    <PushStatusView
      control={control}
      disabledHint="Включите, чтобы узнавать о комментариях, опозданиях и запросах отсутствий, даже когда приложение закрыто."
      extraActions={
        <Button icon={<SendOutlined />} onClick={() => void sendTest()} loading={test.isPending}>
          Отправить тестовое уведомление
        </Button>
      }
    />
  );
}
