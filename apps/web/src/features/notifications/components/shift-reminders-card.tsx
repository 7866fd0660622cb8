import type { Company } from '@smena/contract';
import { Card } from 'antd';
import { usePushControl } from '../use-push-control.ts';
import { PushStatusView } from './push-status.tsx';

function reminderHint(company: Company | undefined): string {
  if (company && !company.notification) {
    return 'Компания пока не включила уведомления, но вы можете включить их заранее на этом телефоне.';
  }
  const start = company?.startNotificationBerofeMinutes;
  const end = company?.endNotificationBerofeMinutes;
  if (start === undefined || end === undefined) {
    return 'Включите уведомления на этом телефоне, и мы напомним о начале и конце смены.';
  }
  return `Включите уведомления на этом телефоне: напомним о начале смены за ${start} мин и о конце за ${end} мин.`;
}

/** The employee's home card: shift reminders come as push to the phone where they were enabled. */
export function ShiftRemindersCard({
  userId,
  company,
}: {
  userId: number | undefined;
  company: Company | undefined;
}) {
  const control = usePushControl(userId);
  return (
    <Card variant="borderless" title="Напоминания о смене">
      <PushStatusView
        control={control}
        title="Уведомления"
        disabledHint={reminderHint(company)}
        enableLabel="Включить уведомления"
      />
    </Card>
  );
}
