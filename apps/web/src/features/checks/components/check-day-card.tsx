import type { Check } from '@smena/contract';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { CheckDay } from '../check-days.ts';
import { checkOutText, planSummary, weekdayOf } from '../check-format.ts';
import { AttendanceTags } from './attendance-tags.tsx';
import { CheckPhotoButton } from './check-photo.tsx';
import './checks.css';
import { timeOf } from '../../../lib/zoned-instants.ts';
import { formatDuration } from '../../../lib/durations.ts';

/** «09:02 → 18:05», «09:02 → на месте», «09:02 → 18:00 (не отмечен уход)». */
export function CheckSpan({ check, zone }: { check: Check; zone: string }) {
  const out = checkOutText(check, zone);
  return (
    <span className="smena-check-span">
      <span className="smena-visually-hidden">приход </span>
      <span className="smena-check-span__time">{timeOf(check.checkInDateTime, zone)}</span>
      <span aria-hidden> → </span>
      <span className="smena-visually-hidden">, уход </span>
      {out.time && <span className="smena-check-span__time">{out.time}</span>}
      {out.note && (
        <span
          className={
            out.time
              ? 'smena-check-span__note smena-check-span__note--warn'
              : 'smena-check-span__note smena-check-span__note--open'
          }
        >
          {out.time ? ` (${out.note})` : out.note}
        </span>
      )}
    </span>
  );
}

/**
 * One date of an employee as a card: the plan, the checks, worked time and the marks;
 * `checkActions` adds a menu to each check, `children` go below (comments).
 */
export function CheckDayCard({
  day,
  zoneOf,
  checkActions,
  isToday = false,
  children,
}: {
  day: CheckDay;
  zoneOf: (branchId: number | null) => string;
  checkActions?: (check: Check) => ReactNode;
  isToday?: boolean;
  children?: ReactNode;
}) {
  const plan = planSummary(day.plan);
  return (
    <Card
      size="small"
      className="smena-check-day"
      aria-label={`${day.date}, ${weekdayOf(day.date)}`}
    >
      <div className="smena-check-day__head">
        <div>
          <span className="smena-check-day__date">
            {isToday ? 'Сегодня' : day.date}
            <span className="smena-check-day__weekday">
              {isToday ? `, ${day.date}` : `, ${weekdayOf(day.date)}`}
            </span>
          </span>
          {plan && <div className="smena-check-day__plan">{plan}</div>}
        </div>
        {day.checks.length > 0 && (
          <div className="smena-check-day__worked">
            <span className="smena-check-day__worked-value">
              {formatDuration(day.attendance.workedMinutes)}
            </span>
            <span className="smena-check-day__worked-label">отработано</span>
          </div>
        )}
      </div>
      {day.checks.length > 0 ? (
        <ul className="smena-check-day__checks" aria-label="Отметки">
          {day.checks.map((check) => (
            <li key={check.id} className="smena-check-day__check">
              <div className="smena-check-day__check-main">
                <CheckSpan check={check} zone={zoneOf(check.branchId)} />
                <Typography.Text type="secondary" className="smena-check-day__branch" ellipsis>
                  {check.branchTitle}
                </Typography.Text>
              </div>
              <CheckPhotoButton check={check} zone={zoneOf(check.branchId)} />
              {checkActions?.(check)}
            </li>
          ))}
        </ul>
      ) : (
        <div className="smena-check-day__none">Отметок нет</div>
      )}
      <div className="smena-check-day__tags">
        <AttendanceTags attendance={day.attendance} />
      </div>
      {children}
    </Card>
  );
}
