import { EllipsisOutlined, TeamOutlined } from '@ant-design/icons';
import { scheduleTypeLabels, type Schedule, type ScheduleType } from '@smena/contract';
import { Button, Card, Dropdown, Skeleton, Tag, Tooltip, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { scheduleSummary } from './schedule-helpers.ts';
import './schedules.css';

export type ScheduleAction = 'edit' | 'assign' | 'delete';

export const SCHEDULE_TYPE_COLORS: Record<ScheduleType, string> = {
  FIXED: 'blue',
  FLEX: 'green',
  NIGHT: 'purple',
  DYNAMIC: 'orange',
};

export function ScheduleTypeTag({ type }: { type: ScheduleType }) {
  return <Tag color={SCHEDULE_TYPE_COLORS[type]}>{scheduleTypeLabels[type]}</Tag>;
}

const ACTION_ITEMS: MenuProps['items'] = [
  { key: 'edit', label: 'Изменить' },
  { key: 'assign', label: 'Назначить' },
  { type: 'divider' },
  { key: 'delete', label: 'Удалить', danger: true },
];

function employeesText(count: number): string {
  const mod10 = count % 10;
  const mod100 = count % 100;
  const word =
    mod10 === 1 && mod100 !== 11
      ? 'сотрудник'
      : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)
        ? 'сотрудника'
        : 'сотрудников';
  return `${count} ${word}`;
}

type SchedulesListProps = {
  schedules: Schedule[];
  loading: boolean;
  empty: ReactNode;
  /** Managers may change schedules; others only look. */
  canEdit: boolean;
  onAction: (action: ScheduleAction, schedule: Schedule) => void;
};

/** The schedules as a grid of cards: colour, title, type, a one-line summary, employee count. */
export function SchedulesList({
  schedules,
  loading,
  empty,
  canEdit,
  onAction,
}: SchedulesListProps) {
  if (loading && schedules.length === 0) {
    return (
      <div className="smena-schedule-cards" aria-busy>
        {[0, 1, 2].map((i) => (
          <Card key={i} variant="borderless">
            <Skeleton active paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (schedules.length === 0) return <Card variant="borderless">{empty}</Card>;
  return (
    <ul
      className="smena-schedule-cards"
      aria-busy={loading}
      aria-label="Графики"
      style={{ padding: 0, margin: 0, listStyle: 'none' }}
    >
      {schedules.map((schedule) => (
        <li key={schedule.id}>
          <Card
            variant="borderless"
            size="small"
            className="smena-schedule-card"
            hoverable={canEdit}
            onDoubleClick={canEdit ? () => onAction('edit', schedule) : undefined}
          >
            <div className="smena-schedule-card__head">
              <span
                className="smena-schedule-dot"
                style={{ background: schedule.color }}
                aria-hidden
              />
              <div className="smena-schedule-card__title">{schedule.title}</div>
              {canEdit && (
                <Dropdown
                  trigger={['click']}
                  placement="bottomRight"
                  menu={{
                    items: ACTION_ITEMS,
                    onClick: ({ key, domEvent }) => {
                      domEvent.stopPropagation();
                      onAction(key as ScheduleAction, schedule);
                    },
                  }}
                >
                  <Button
                    type="text"
                    size="small"
                    icon={<EllipsisOutlined />}
                    aria-label={`Действия: ${schedule.title}`}
                    onClick={(event) => event.stopPropagation()}
                  />
                </Dropdown>
              )}
            </div>
            <div className="smena-schedule-card__summary">
              {scheduleSummary(schedule.definition)}
              {schedule.definitionFrom && (
                <div className="smena-schedule-card__since">
                  Действует с {schedule.definitionFrom}, раньше было другое расписание
                </div>
              )}
            </div>
            <div className="smena-schedule-card__foot">
              <ScheduleTypeTag type={schedule.type} />
              <Tooltip title="Сотрудники с этим графиком на сегодня">
                <span aria-label={`Сотрудники: ${schedule.employeeCount}`}>
                  <TeamOutlined /> {employeesText(schedule.employeeCount)}
                </span>
              </Tooltip>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
