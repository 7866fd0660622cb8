import type { CompanyCalendar } from '@smena/contract';
import { Tooltip, Typography } from 'antd';
import { MONTH_NAMES_GENITIVE } from '@smena/contract';

const hours = (value: number) => String(Math.round(value * 10) / 10).replace('.', ',');

/** «Норма ноября: 20 дн., 159 ч при 40-часовой неделе». */
export function normText(
  calendar: CompanyCalendar | undefined,
  monthNumber: number,
): string | null {
  const norm = calendar?.norms.find((item) => item.month === monthNumber);
  if (!norm) return null;
  return `Норма ${MONTH_NAMES_GENITIVE[monthNumber - 1] ?? ''}: ${norm.days} дн., ${hours(norm.hours40)} ч при 40-часовой неделе`;
}

export function CalendarNorm({
  calendar,
  monthNumber,
}: {
  calendar: CompanyCalendar | undefined;
  monthNumber: number;
}) {
  const text = normText(calendar, monthNumber);
  const norm = calendar?.norms.find((item) => item.month === monthNumber);
  if (!text || !norm) return <span />;
  return (
    <Tooltip
      title={`36-часовая неделя: ${hours(norm.hours36)} ч; 24-часовая: ${hours(norm.hours24)} ч${
        calendar?.provisional ? '. Календарь года предварительный' : ''
      }`}
    >
      <Typography.Text>
        {text}
        {calendar?.provisional && (
          <Typography.Text type="secondary"> (предварительно)</Typography.Text>
        )}
      </Typography.Text>
    </Tooltip>
  );
}
