import { CalendarOutlined } from '@ant-design/icons';
import { MAX_AVAILABILITY_RANGE_DAYS, availabilityKindLabels } from '@smena/contract';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useMyAvailability } from '../api/get-my-availability.ts';
import { dayMonth, plusDays, weekdayLabel } from '../availability-dates.ts';
import './availability.css';

/** Marks listed on the card; the editor shows them all. */
const SHOWN = 6;

// The editor loads when it is first opened: the home page's first load stays small on a phone.
const AvailabilityEditor = lazy(() =>
  import('./availability-editor.tsx').then((module) => ({ default: module.AvailabilityEditor })),
);

/**
 * «Мои пожелания» on the employee's home: the coming marks («Не могу», «Хотел бы не работать»)
 * and «Отметить дни», which opens the week-by-week editor.
 */
export function MyAvailabilityCard({ today }: { today: string }) {
  const [open, setOpen] = useState(false);
  const to = plusDays(today, MAX_AVAILABILITY_RANGE_DAYS - 1);
  const marks = useMyAvailability(today, to);
  const items = marks.data?.items ?? [];
  const edit = (
    <Button block icon={<CalendarOutlined />} onClick={() => setOpen(true)}>
      Отметить дни
    </Button>
  );

  return (
    <Card variant="borderless" className="smena-my-availability" title="Мои пожелания">
      {marks.isError ? (
        <Alert type="error" showIcon title={getErrorMessage(marks.error)} />
      ) : marks.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Не можете или не хотели бы работать в какие-то дни — отметьте их, руководитель учтёт при планировании."
        >
          {edit}
        </Empty>
      ) : (
        <>
          <ul className="smena-my-availability__list" aria-label="Мои отметки на будущие дни">
            {items.slice(0, SHOWN).map((mark) => (
              <li
                key={mark.date}
                className={`smena-my-availability__item smena-my-availability__item--${
                  mark.kind === 'UNAVAILABLE' ? 'unavailable' : 'prefer-not'
                }`}
              >
                <span>
                  {dayMonth(mark.date)}, {weekdayLabel(mark.date)} —{' '}
                  {availabilityKindLabels[mark.kind]}
                  {mark.start && mark.end ? ` с ${mark.start} до ${mark.end}` : ''}
                </span>
                {mark.comment && (
                  <span className="smena-my-availability__comment">{mark.comment}</span>
                )}
              </li>
            ))}
          </ul>
          {items.length > SHOWN && (
            <p className="smena-availability__hint" style={{ margin: '8px 0 0' }}>
              Ещё отметок: {items.length - SHOWN}. Все они — в редакторе.
            </p>
          )}
          <div style={{ marginTop: 12 }}>{edit}</div>
        </>
      )}
      {open && marks.data && (
        <Suspense fallback={null}>
          <AvailabilityEditor
            open
            onClose={() => setOpen(false)}
            today={today}
            lastDate={marks.data.lastDate}
            marks={items}
          />
        </Suspense>
      )}
    </Card>
  );
}
