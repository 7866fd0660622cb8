import {
  HOURS_MINUTES_UNIT,
  formatHoursMinutes,
  type CalendarDayKind,
  type ReportCard,
  type ReportCardDay,
  type ReportCardEmployee,
} from '@smena/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Tooltip } from 'antd';
import { memo, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import {
  codeTone,
  codesLine,
  daysHoursText,
  entriesText,
  hoursParts,
  summarizedLine,
  weekdayOf,
} from '../report-format.ts';
import './reports.css';
import { weekdayIndex } from '../../../lib/month-weeks.ts';
import { dateTimeOf } from '../../../lib/zoned-instants.ts';

export type TimesheetCellTarget = { employee: ReportCardEmployee; day: ReportCardDay };

type HeaderDay = {
  date: string;
  day: number;
  weekday: string;
  kind: CalendarDayKind;
  isOff: boolean;
};

const ROW_HEIGHT = 44;
/** A week (phones): the name and the month's total on a line over the seven days. */
const ROW_HEIGHT_WEEK = 66;
/** Under the totals' heads: days over hours. */
const TOTAL_UNITS = `дн / ${HOURS_MINUTES_UNIT}`;

const KIND_NOTE: Partial<Record<CalendarDayKind, string>> = {
  WEEKEND: 'выходной',
  HOLIDAY: 'праздник',
  SHORTENED: 'сокращённый день',
};

function headerDays(card: ReportCard): HeaderDay[] {
  return card.dates.map((item) => ({
    date: item.date,
    day: Number(item.date.slice(8, 10)),
    weekday: weekdayOf(item.date),
    kind: item.kind,
    isOff: item.kind === 'WEEKEND' || item.kind === 'HOLIDAY',
  }));
}

/** «Изменено вручную: причина — Петрова Анна, 2026-05-06 10:15». */
export function overrideText(override: NonNullable<ReportCardDay['override']>, zone: string) {
  const who = [override.changedByName, dateTimeOf(override.changedAt, zone)]
    .filter(Boolean)
    .join(', ');
  return `Изменено вручную: ${override.reason}${who ? ` — ${who}` : ''}`;
}

export type ReportCardGridProps = {
  card: ReportCard;
  today: string;
  /** Managers click a cell to change its codes. */
  editable: boolean;
  compact: boolean;
  /** Who-and-when of overrides is shown in this zone (the company's). */
  zone: string;
  onCellClick?: (target: TimesheetCellTarget) => void;
  /** The scroll box's largest height (CSS); a short list takes only its own height. */
  maxHeight?: CSSProperties['maxHeight'];
  /**
   * «week» (phones): only the dates of `weekDates`, in seven columns, each name with the month's
   * total on its own line above its days; the halves' totals are left to the wide view.
   */
  layout?: 'month' | 'week';
  weekDates?: readonly string[];
};

/**
 * Employees × dates of a month like the paper T-13: codes over hours (ч:мм, exact, so the totals of
 * each half and of the month are the sums of the hours shown). The header and the names stick; only the rows in view are rendered, so a thousand
 * employees scroll smoothly.
 */
export function ReportCardGrid({
  card,
  today,
  editable,
  compact,
  zone,
  onCellClick,
  maxHeight = 'calc(100vh - 330px)',
  layout = 'month',
  weekDates,
}: ReportCardGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const isWeek = layout === 'week';
  // Stable between scrolls, so that the memoized rows only render when they come into view.
  const monthDays = useMemo(() => headerDays(card), [card]);
  const days = useMemo(() => {
    if (!isWeek || !weekDates) return monthDays;
    const shown = new Set(weekDates);
    return monthDays.filter((day) => shown.has(day.date));
  }, [monthDays, isWeek, weekDates]);
  const employees = card.employees;
  const firstHalfEnd = Math.min(15, monthDays.length);
  const lastDay = monthDays.length;
  const rowHeight = isWeek ? ROW_HEIGHT_WEEK : ROW_HEIGHT;
  // A week cut by the month's start begins in its own weekday's column.
  const weekStart = isWeek && days[0] ? weekdayIndex(days[0].date) + 1 : undefined;
  // The virtualizer hands out fresh measurements on every render, so the compiler leaves this
  // component alone; the rows below are memoized by hand.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: employees.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    initialRect: { width: 1200, height: 600 },
  });

  // The virtualizer keeps the sizes it measured: a phone's breakpoint arriving after the first
  // render (month rows) must re-measure for the taller week rows.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  const style = {
    '--smena-tab-columns': isWeek
      ? 'repeat(7, minmax(0, 1fr))'
      : `var(--smena-tab-name) repeat(${days.length}, minmax(var(--smena-tab-cell), 1fr)) repeat(3, var(--smena-tab-total))`,
    '--smena-tab-days': days.length,
    maxHeight,
  } as CSSProperties;

  return (
    <div
      ref={scrollRef}
      className={`smena-tab${compact ? ' smena-tab--compact' : ''}${isWeek ? ' smena-tab--week' : ''}`}
      style={style}
      role="grid"
      aria-label="Табель учёта рабочего времени"
      aria-rowcount={employees.length + 1}
      aria-colcount={isWeek ? days.length : days.length + 4}
      data-testid="report-card-scroll"
    >
      <div className="smena-tab__inner">
        <div className="smena-tab__head" role="row" aria-rowindex={1}>
          {!isWeek && (
            <div className="smena-tab__corner" role="columnheader">
              Сотрудник
            </div>
          )}
          {days.map((day, col) => {
            const note = KIND_NOTE[day.kind];
            const title = `${day.date}, ${day.weekday}${note ? `, ${note}` : ''}`;
            return (
              <div
                key={day.date}
                role="columnheader"
                aria-label={title}
                title={title}
                style={col === 0 && weekStart ? { gridColumnStart: weekStart } : undefined}
                className={[
                  'smena-tab__day',
                  day.isOff && 'smena-tab__day--off',
                  day.kind === 'HOLIDAY' && 'smena-tab__day--holiday',
                  day.kind === 'SHORTENED' && 'smena-tab__day--short',
                  day.date === today && 'smena-tab__day--today',
                  day.day === firstHalfEnd && 'smena-tab__day--half',
                ]
                  .filter(Boolean)
                  .join(' ')}
              >
                <span className="smena-tab__day-number">{day.day}</span>
                <span className="smena-tab__day-week">{day.weekday}</span>
              </div>
            );
          })}
          {!isWeek && (
            <>
              <div
                className="smena-tab__total-head smena-tab__total--first"
                role="columnheader"
                title={`Отработано за 1–${firstHalfEnd}: дни и часы (${HOURS_MINUTES_UNIT})`}
              >
                <span>1–{firstHalfEnd}</span>
                <span className="smena-tab__day-week">{TOTAL_UNITS}</span>
              </div>
              <div
                className="smena-tab__total-head"
                role="columnheader"
                title={`Отработано за ${firstHalfEnd + 1}–${lastDay}: дни и часы (${HOURS_MINUTES_UNIT})`}
              >
                <span>
                  {firstHalfEnd + 1}–{lastDay}
                </span>
                <span className="smena-tab__day-week">{TOTAL_UNITS}</span>
              </div>
              <div
                className="smena-tab__total-head smena-tab__total--month"
                role="columnheader"
                title={`Отработано за месяц: дни и часы (${HOURS_MINUTES_UNIT})`}
              >
                <span>Месяц</span>
                <span className="smena-tab__day-week">{TOTAL_UNITS}</span>
              </div>
            </>
          )}
        </div>
        <div className="smena-tab__body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const employee = employees[item.index];
            if (!employee) return null;
            return (
              <TimesheetRow
                key={employee.employeeId}
                employee={employee}
                index={item.index}
                top={item.start}
                height={rowHeight}
                days={days}
                monthLength={lastDay}
                weekStart={weekStart}
                firstHalfEnd={firstHalfEnd}
                editable={editable}
                zone={zone}
                onCellClick={onCellClick}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

type RowProps = {
  employee: ReportCardEmployee;
  index: number;
  top: number;
  height: number;
  days: HeaderDay[];
  monthLength: number;
  /** Week layout: the grid column of the first day (1 = Monday); the totals stay off. */
  weekStart: number | undefined;
  firstHalfEnd: number;
  editable: boolean;
  zone: string;
  onCellClick?: (target: TimesheetCellTarget) => void;
};

function Total({
  total,
  className,
  label,
}: {
  total: { days: number; minutes: number };
  className?: string;
  label: string;
}) {
  const text = `${label}: ${daysHoursText(total)}`;
  return (
    <div
      role="gridcell"
      className={`smena-tab__total${className ? ` ${className}` : ''}`}
      title={text}
      aria-label={text}
    >
      <span className="smena-tab__total-days">{total.days}</span>
      <span className="smena-tab__total-hours">{formatHoursMinutes(total.minutes)}</span>
    </div>
  );
}

const TimesheetRow = memo(function TimesheetRow({
  employee,
  index,
  top,
  height,
  days,
  monthLength,
  weekStart,
  firstHalfEnd,
  editable,
  zone,
  onCellClick,
}: RowProps) {
  const byDate = new Map(employee.days.map((day) => [day.date, day]));
  const sub = [employee.positionTitle, employee.personnelNumber && `№ ${employee.personnelNumber}`]
    .filter(Boolean)
    .join(' · ');
  const name = employee.name || 'Без имени';
  return (
    <div
      className="smena-tab__row"
      role="row"
      aria-rowindex={index + 2}
      style={{ transform: `translateY(${top}px)`, height }}
      data-testid="report-card-row"
    >
      <div
        className="smena-tab__name"
        role="rowheader"
        title={[name, sub, employee.summarized && summarizedLine(employee.summarized)]
          .filter(Boolean)
          .join('\n')}
      >
        <span className="smena-tab__name-main">{name}</span>
        {sub && <span className="smena-tab__name-sub">{sub}</span>}
        {weekStart !== undefined && (
          <span
            className="smena-tab__name-total"
            aria-label={`Месяц: ${daysHoursText(employee.month)}`}
          >
            {daysHoursText(employee.month)}
          </span>
        )}
      </div>
      {days.map((header, col) => {
        const place = col === 0 && weekStart ? { gridColumnStart: weekStart } : undefined;
        const day = byDate.get(header.date);
        const entries = day?.entries ?? [];
        const first = entries[0];
        const override = day?.override ?? null;
        const className = [
          'smena-tab__cell',
          first ? `smena-tone--${codeTone(first.code)}` : header.isOff && 'smena-tab__cell--off',
          header.day === firstHalfEnd && 'smena-tab__cell--half',
          override && 'smena-tab__cell--override',
          entries.length > 2 && 'smena-tab__cell--many',
        ]
          .filter(Boolean)
          .join(' ');
        const description = `${entriesText(entries)}${override ? `. ${overrideText(override, zone)}` : ''}`;
        const label = `${name}, ${header.date}: ${description}`;
        // Two or more hours stack, one under another in the codes' order («6:00» over «2:00»).
        const hours = hoursParts(entries);
        const content = (
          <>
            <span className="smena-tab__codes">
              {entries.map((entry, position) => (
                <span
                  key={position}
                  className={`smena-tab__code smena-tone--${codeTone(entry.code)}`}
                >
                  {position > 0 && <span className="smena-tab__sep">/</span>}
                  {entry.code}
                </span>
              ))}
            </span>
            {hours.length > 0 && (
              <span
                className={`smena-tab__hours${hours.length > 1 ? ' smena-tab__hours--split' : ''}`}
              >
                {hours.map((part, position) => (
                  <span key={position}>{part}</span>
                ))}
              </span>
            )}
            {override && <span className="smena-tab__mark" aria-hidden />}
          </>
        );
        const cell =
          editable && day && onCellClick ? (
            <button
              key={header.date}
              type="button"
              role="gridcell"
              className={className}
              aria-label={label}
              style={place}
              title={
                override
                  ? undefined
                  : `${header.date}: ${codesLine(entries) ? description : 'нет данных'}`
              }
              onClick={() => onCellClick({ employee, day })}
            >
              {content}
            </button>
          ) : (
            <div
              key={header.date}
              role="gridcell"
              className={className}
              aria-label={label}
              style={place}
              title={override ? undefined : description}
            >
              {content}
            </div>
          );
        return override ? (
          <Tooltip key={header.date} title={overrideText(override, zone)} mouseEnterDelay={0.3}>
            {cell}
          </Tooltip>
        ) : (
          cell
        );
      })}
      {weekStart === undefined && (
        <>
          <Total
            total={employee.firstHalf}
            className="smena-tab__total--first"
            label={`${name}, 1–${firstHalfEnd}`}
          />
          <Total
            total={employee.secondHalf}
            label={`${name}, ${firstHalfEnd + 1}–${monthLength}`}
          />
          <Total
            total={employee.month}
            className="smena-tab__total--month"
            label={`${name}, месяц`}
          />
        </>
      )}
    </div>
  );
});
