import { MAX_AVAILABILITY_RANGE_DAYS, availabilityKindLabels } from '@smena/contract';
import { Alert, Button, Card, Empty } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useMyAvailability } from '../api/get-my-availability.ts';
import { plusDays, weekdayLabel } from '../availability-format.ts';
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
  const marks = useMyAvailability(today, plusDays(today, MAX_AVAILABILITY_RANGE_DAYS - 1));
  const items = marks.data?.items ?? [];
  const edit = (
    <Button block onClick={() => setOpen(true)} style={{ marginTop: 12 }}>
      Отметить дни
    </Button>
  );

  return (
    <Card
      variant="borderless"
      title="Мои пожелания"
      loading={marks.isPending}
      className="smena-my-availability"
    >
      {marks.isError ? (
        <Alert type="error" showIcon title={getErrorMessage(marks.error)} />
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
                className={`smena-my-availability__item smena-my-availability__item--${mark.kind}`}
              >
                {mark.date}, {weekdayLabel(mark.date)} — {availabilityKindLabels[mark.kind]}
                {mark.start ? ` с ${mark.start} до ${mark.end}` : ''}
                {mark.comment && (
                  <span className="smena-my-availability__comment">{mark.comment}</span>
                )}
              </li>
            ))}
          </ul>
          {items.length > SHOWN && (
            <div className="smena-my-availability__comment">
              Ещё отметок: {items.length - SHOWN}. Все они — в редакторе.
            </div>
          )}
          {edit}
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
