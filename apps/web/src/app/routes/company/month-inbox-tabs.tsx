import { Segmented } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePendingCorrectionsCount } from '../../../features/correction-requests/api/get-pending-corrections-count.ts';
import { useDeviationsCount } from '../../../features/deviations/api/get-deviations-count.ts';

type InboxPage = typeof paths.company.deviations | typeof paths.company.correctionRequests;

/**
 * What a manager works through before closing a month, as one inbox of two views: what attendance
 * found off plan, and what employees asked to correct — each with what waits (the menu's counts).
 */
export function MonthInboxTabs({ current }: { current: InboxPage }) {
  const navigate = useNavigate();
  const deviations = useDeviationsCount(true).data?.new ?? 0;
  const requests = usePendingCorrectionsCount(true);
  const label = (text: string, count: number) => (count > 0 ? `${text} · ${count}` : text);
  return (
    <Segmented<InboxPage>
      className="smena-month-inbox-tabs"
      aria-label="Что ждёт решения"
      value={current}
      onChange={(page) => void navigate(page)}
      options={[
        { value: paths.company.deviations, label: label('Отклонения', deviations) },
        {
          value: paths.company.correctionRequests,
          label: label('Запросы сотрудников', requests),
        },
      ]}
    />
  );
}
