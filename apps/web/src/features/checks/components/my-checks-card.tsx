import type { Comment } from '@smena/contract';
import { Alert, Card, Empty, Skeleton, Typography } from 'antd';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { periodTotals, type CheckDay } from '../check-days.ts';
import { CheckDayCard } from './check-day-card.tsx';
import { DayComments } from './day-comments.tsx';
import './checks.css';
import { formatDuration } from '../../../lib/durations.ts';

/** «Мои отметки»: the employee's recent dates with their marks and comments, newest first. */
export function MyChecksCard({
  days,
  comments,
  today,
  weeks,
  zoneOf,
  companyZone,
  loading,
  error,
  showComments = true,
}: {
  days: readonly CheckDay[];
  comments: readonly Comment[];
  today: string;
  weeks: number;
  zoneOf: (branchId: number | null) => string;
  companyZone: string;
  loading: boolean;
  error: unknown;
  /** The remote switch `features.comments`: without it the days have no comments. */
  showComments?: boolean;
}) {
  const totals = periodTotals(days);
  const byDate = new Map<string, Comment[]>();
  for (const comment of comments)
    byDate.set(comment.date, [...(byDate.get(comment.date) ?? []), comment]);
  const hasChecks = days.some((day) => day.checks.length > 0);

  return (
    <Card
      variant="borderless"
      className="smena-my-checks"
      title="Мои отметки"
      extra={<Typography.Text type="secondary">за {weeks} недели</Typography.Text>}
    >
      {error ? (
        <Alert type="error" showIcon title={getErrorMessage(error)} />
      ) : loading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : (
        <>
          {hasChecks ? (
            <div className="smena-my-checks__totals">
              <span>
                Отработано <strong>{formatDuration(totals.workedMinutes)}</strong>
              </span>
              <span>
                Опозданий <strong>{totals.lateDays}</strong>
              </span>
              <span>
                Ранних уходов <strong>{totals.earlyDays}</strong>
              </span>
              {totals.absentDays > 0 && (
                <span>
                  Неявок <strong>{totals.absentDays}</strong>
                </span>
              )}
            </div>
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={`За последние ${weeks} недели отметок нет. Отметьтесь, когда придёте на работу.`}
            />
          )}
          <ul className="smena-my-checks__days" aria-label="Дни">
            {days.map((day) => (
              <li key={day.date}>
                <CheckDayCard day={day} zoneOf={zoneOf} isToday={day.date === today}>
                  {showComments && (
                    <DayComments
                      date={day.date}
                      comments={byDate.get(day.date) ?? []}
                      zone={companyZone}
                    />
                  )}
                </CheckDayCard>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
