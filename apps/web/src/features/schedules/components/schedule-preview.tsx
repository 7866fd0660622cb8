import { Typography } from 'antd';
import type { PreviewDay } from './schedule-helpers.ts';
import { WEEKDAYS_SHORT } from './schedule-helpers.ts';
import { timezoneLabel } from '../../../components/form/timezone-select.tsx';

/** «Ближайшие 14 дней»: a week grid from Monday with one chip per date. */
export function SchedulePreview({
  days,
  timezone,
}: {
  days: PreviewDay[] | null;
  timezone: string;
}) {
  return (
    <section className="smena-schedule-preview" aria-labelledby="schedule-preview-title">
      <div className="smena-schedule-preview__head">
        <Typography.Title level={5} id="schedule-preview-title" style={{ margin: 0 }}>
          Ближайшие 14 дней
        </Typography.Title>
        <Typography.Text type="secondary" className="smena-schedule-preview__zone">
          Время: {timezoneLabel(timezone)}
        </Typography.Text>
      </div>
      {days === null ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Исправьте ошибки в графике — и здесь появятся ближайшие дни.
        </Typography.Paragraph>
      ) : (
        <ol className="smena-schedule-preview__grid" aria-label="Ближайшие 14 дней">
          {WEEKDAYS_SHORT.map((weekday) => (
            <li key={weekday} className="smena-schedule-preview__weekday" aria-hidden>
              {weekday}
            </li>
          ))}
          {days.map((day, i) => (
            <li
              key={day.date}
              className={`smena-day-chip smena-day-chip--${day.kind.toLowerCase()}`}
              style={i === 0 ? { gridColumnStart: day.weekday + 1 } : undefined}
              data-kind={day.kind}
            >
              <span className="smena-day-chip__date">
                {day.date} <span className="smena-day-chip__weekday">{day.weekdayLabel}</span>
              </span>
              <span className="smena-day-chip__text">{day.text}</span>
              {day.note && <span className="smena-day-chip__note">{day.note}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
