import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton } from 'antd';
import { lazy, useState } from 'react';
import { LoadedOnce } from '../../../components/layout/loaded-once.tsx';
import { useDayOffs } from '../api/get-day-offs.ts';
import { periodLabel } from '../day-off-format.ts';
import { useAbsenceDays, yearsOf } from '../use-absence-days.ts';
import { DayOffStatusTag, DayOffTypeTag } from './day-off-tags.tsx';
import './day-offs.css';

/** The request form, loaded when it is first opened. */
const RequestDayOffModal = lazy(() =>
  import('./request-day-off-modal.tsx').then((module) => ({ default: module.RequestDayOffModal })),
);

const SHOWN = 10;

/** «Мои отсутствия» on the employee's home: their own entries and requests, newest first. */
export function MyDayOffsCard() {
  const [open, setOpen] = useState(false);
  const dayOffs = useDayOffs({ scope: 'EMPLOYEE', sort: 'createdAt', order: 'desc', limit: SHOWN });
  const items = dayOffs.data?.items ?? [];
  const countDays = useAbsenceDays(items.flatMap((dayOff) => yearsOf(dayOff.from, dayOff.to)));

  return (
    <Card variant="borderless" className="smena-my-day-offs" title="Мои отсутствия">
      {dayOffs.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Заявок пока нет. Нужен отпуск или отгул — попросите, руководитель рассмотрит."
        >
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            Попросить отгул или отпуск
          </Button>
        </Empty>
      ) : (
        <>
          <ul className="smena-my-day-offs__list" aria-label="Мои отсутствия">
            {items.map((dayOff) => (
              <li key={dayOff.id} className="smena-my-day-offs__item">
                <div className="smena-my-day-offs__tags">
                  <DayOffTypeTag type={dayOff.type} />
                  <DayOffStatusTag status={dayOff.status} />
                </div>
                <div className="smena-my-day-offs__period">
                  {periodLabel(
                    dayOff.from,
                    dayOff.to,
                    countDays(dayOff.type, dayOff.from, dayOff.to),
                  )}
                </div>
                {dayOff.decisionComment && (
                  <div className="smena-my-day-offs__note">
                    Ответ руководителя: {dayOff.decisionComment}
                  </div>
                )}
              </li>
            ))}
          </ul>
          <Button
            block
            icon={<PlusOutlined />}
            style={{ marginTop: 12 }}
            onClick={() => setOpen(true)}
          >
            Попросить отгул или отпуск
          </Button>
        </>
      )}
      <LoadedOnce when={open}>
        <RequestDayOffModal open={open} onClose={() => setOpen(false)} />
      </LoadedOnce>
    </Card>
  );
}
