import { ACCOUNTING_PERIOD_LABELS, type EmployeeSummarizedPeriod } from '@smena/contract';
import { Button, Popover, Typography } from 'antd';
import { type CalendarSummarizedQuery, useCalendarSummarized } from '../api/get-summarized.ts';

const hours = (minutes: number) => String(Math.round(minutes / 6) / 10).replace('.', ',');

/** «Квартал: 412 из 466 ч» — the period's planned hours against its norm. */
export function summarizedText(employee: EmployeeSummarizedPeriod): string {
  return (
    `${ACCOUNTING_PERIOD_LABELS[employee.period]}: ` +
    `${hours(employee.plannedMinutes)} из ${hours(employee.normMinutes)} ч`
  );
}

/**
 * «Суммированный учёт: N» beside the month's norm (ADMIN, MANAGER), only when some employees of
 * the filters are on summarized accounting (art. 104): a list of them with the hours planned over
 * their accounting period against its norm; over the norm in red (the excess is overtime).
 */
export function CalendarSummarized({ query }: { query: CalendarSummarizedQuery }) {
  const summarized = useCalendarSummarized(query);
  const data = summarized.data?.month === query.month ? summarized.data : undefined;
  if (!data || data.employees.length === 0) return null;
  const content = (
    <ul className="smena-cal-summarized" aria-label="Суммированный учёт">
      {data.employees.map((employee) => (
        <li key={employee.employeeId}>
          <Typography.Text>{employee.name}</Typography.Text>{' '}
          <Typography.Text
            type={employee.plannedMinutes > employee.normMinutes ? 'danger' : 'secondary'}
            title={`${employee.from} — ${employee.to}`}
          >
            {summarizedText(employee)}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
  return (
    <Popover
      trigger="click"
      title="Запланировано за учётный период из нормы (ст. 104 ТК РФ)"
      content={content}
    >
      <Button size="small" type="text" aria-haspopup="dialog">
        Суммированный учёт: {data.employees.length}
      </Button>
    </Popover>
  );
}
