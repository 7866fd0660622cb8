import type { CalendarDayKind, CalendarEmployee, DayPlan } from '@smena/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useEffect,
  useRef,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { CellPosition } from '../cell-selection.ts';
import { cellView } from '../cell-format.ts';
import type { CellModifiers } from '../use-cell-selection.ts';
import type { MonthDay } from '../month.ts';
import { pendingByDate, requestText } from '../pending-requests.ts';
import { markModifier, marksByDate, markText } from '../availability-marks.ts';
import type { RuleMarks } from '../plan-warnings.ts';
import { DayKindMenu } from './day-kind-menu.tsx';
import './calendar.css';

export type CalendarCellTarget = { employee: CalendarEmployee; plan: DayPlan };

export type CalendarCellClick = (
  target: CalendarCellTarget,
  position: CellPosition,
  modifiers: CellModifiers,
) => void;

/** What the grid needs of a cell selection (see use-cell-selection.ts). */
export type GridSelection = {
  /** Selection mode: clicks select (the cursor says so). */
  active: boolean;
  datesByEmployee: ReadonlyMap<number, string>;
  pointerDown: (position: CellPosition, modifiers: CellModifiers) => void;
  pointerEnter: (position: CellPosition) => void;
};

type GridProps = {
  days: MonthDay[];
  /** The company calendar's kind of every date (from the response), by date. */
  dayKinds?: ReadonlyMap<string, CalendarDayKind>;
  /** Dates the company set itself instead of the production calendar. */
  companyDays?: ReadonlySet<string>;
  /** Managers set a date for the whole company from the header (null: the production calendar). */
  onDayKindChange?: (date: string, kind: CalendarDayKind | null) => void;
  employees: CalendarEmployee[];
  today: string;
  /** Managers may click a cell to change it. */
  editable: boolean;
  hideDepartments: boolean;
  compact: boolean;
  onCellClick?: CalendarCellClick;
  /** Cells may be selected (managers): drag with the mouse, aria-selected on the cells. */
  selection?: GridSelection;
  /** The scroll box's largest height (CSS); a short list takes only its own height. */
  maxHeight?: CSSProperties['maxHeight'];
  /**
   * «week» (phones): `days` are one week of the month in seven columns, each name on its own line
   * above its days, so that names are read whole and nothing scrolls sideways.
   */
  layout?: 'month' | 'week';
  /** The month's index of `days[0]`: cells keep their month column for the selection. */
  firstColumn?: number;
  /** The month's Labour Code violations by employee (`/calendar/violations`): marked cells. */
  ruleMarks?: ReadonlyMap<number, RuleMarks>;
  /**
   * Dates whose plan differs from the last published version (decision 028), joined by commas,
   * by employee: those cells are marked «не опубликовано».
   */
  unpublished?: ReadonlyMap<number, string>;
};

const ROW_HEIGHT = 44;
const ROW_HEIGHT_COMPACT = 40;
/** The name's line over the week's cells. */
const ROW_HEIGHT_WEEK = 64;

function headerClass(
  day: MonthDay,
  kind: CalendarDayKind | undefined,
  today: string,
  isCompanyDay: boolean,
): string {
  const off = kind ? kind === 'WEEKEND' || kind === 'HOLIDAY' : day.isWeekend;
  return [
    'smena-cal__day',
    off && 'smena-cal__day--off',
    kind === 'HOLIDAY' && 'smena-cal__day--holiday',
    kind === 'SHORTENED' && 'smena-cal__day--short',
    isCompanyDay && 'smena-cal__day--company',
    day.date === today && 'smena-cal__day--today',
  ]
    .filter(Boolean)
    .join(' ');
}

const DAY_KIND_TITLE: Partial<Record<CalendarDayKind, string>> = {
  HOLIDAY: 'праздник',
  SHORTENED: 'сокращённый день',
  WEEKEND: 'выходной',
};

/** The employees × days month grid: sticky header and names, virtualized rows. */
export function CalendarGrid({
  days,
  dayKinds,
  companyDays,
  onDayKindChange,
  employees,
  today,
  editable,
  hideDepartments,
  compact,
  onCellClick,
  selection,
  maxHeight = 'calc(100vh - 300px)',
  layout = 'month',
  firstColumn = 0,
  ruleMarks,
  unpublished,
}: GridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const isWeek = layout === 'week';
  const rowHeight = isWeek ? ROW_HEIGHT_WEEK : compact ? ROW_HEIGHT_COMPACT : ROW_HEIGHT;
  // The virtualizer hands out fresh measurements on every render, so the compiler leaves this
  // component alone, which is what it needs; the rows below are memoized by hand.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: employees.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    initialRect: { width: 1000, height: 600 },
  });

  // The virtualizer keeps the sizes it measured: a phone's breakpoint arriving after the first
  // render (month rows) must re-measure for the taller week rows.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  const columns = isWeek
    ? 'repeat(7, minmax(0, 1fr))'
    : `var(--smena-cal-name) repeat(${days.length}, minmax(var(--smena-cal-cell), 1fr))`;
  // A week cut by the month's start begins in its own weekday's column.
  const weekStart = isWeek ? { gridColumnStart: (days[0]?.weekday ?? 0) + 1 } : undefined;
  const style = {
    '--smena-cal-columns': columns,
    '--smena-cal-days': days.length,
    maxHeight,
  } as CSSProperties;

  const items = virtualizer.getVirtualItems();

  // A new month opens with today in view (on phones the month is wider than the screen).
  const todayIndex = days.findIndex((day) => day.date === today);
  useEffect(() => {
    const box = scrollRef.current;
    if (!box || todayIndex < 0) return;
    const header = box.querySelectorAll<HTMLElement>('.smena-cal__day')[todayIndex];
    const name = box.querySelector<HTMLElement>('.smena-cal__corner');
    if (!header || !name) return;
    const visibleWidth = box.clientWidth - name.offsetWidth;
    const left = header.offsetLeft - name.offsetWidth;
    if (left + header.offsetWidth > box.scrollLeft + visibleWidth || left < box.scrollLeft)
      box.scrollLeft = Math.max(0, left - header.offsetWidth * 2);
  }, [todayIndex, days]);

  /** The cell under a mouse event: its row and column (rows are the employees' indexes). */
  const positionOf = (event: ReactPointerEvent<HTMLElement>): CellPosition | null => {
    if (event.pointerType !== 'mouse') return null;
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-cell-row]');
    if (!cell) return null;
    return { row: Number(cell.dataset.cellRow), col: Number(cell.dataset.cellCol) };
  };
  const pointerHandlers = selection
    ? {
        onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
          if (event.button !== 0) return;
          const position = positionOf(event);
          if (position)
            selection.pointerDown(position, {
              shiftKey: event.shiftKey,
              toggleKey: event.ctrlKey || event.metaKey,
            });
        },
        onPointerOver: (event: ReactPointerEvent<HTMLElement>) => {
          if ((event.buttons & 1) === 0) return;
          const position = positionOf(event);
          if (position) selection.pointerEnter(position);
        },
      }
    : {};

  return (
    <div
      ref={scrollRef}
      className={`smena-cal${compact ? ' smena-cal--compact' : ''}${isWeek ? ' smena-cal--week' : ''}${
        selection?.active ? ' smena-cal--selecting' : ''
      }`}
      style={style}
      role="grid"
      aria-label="Календарь сотрудников"
      aria-multiselectable={selection ? true : undefined}
      {...pointerHandlers}
      aria-rowcount={employees.length + 1}
      aria-colcount={isWeek ? days.length : days.length + 1}
      data-testid="calendar-scroll"
    >
      <div className="smena-cal__inner">
        <div className="smena-cal__head" role="row" aria-rowindex={1}>
          {!isWeek && (
            <div className="smena-cal__corner" role="columnheader">
              Сотрудник
            </div>
          )}
          {days.map((day, col) => {
            const place = col === 0 ? weekStart : undefined;
            const kind = dayKinds?.get(day.date);
            const isCompanyDay = companyDays?.has(day.date) ?? false;
            const note = kind ? DAY_KIND_TITLE[kind] : undefined;
            const title = `${day.date}${note ? `, ${note}` : ''}${
              isCompanyDay ? ' (изменено для компании)' : ''
            }${day.date === today ? ', сегодня' : ''}`;
            const className = headerClass(day, kind, today, isCompanyDay);
            const content = (
              <>
                <span className="smena-cal__day-number">{day.day}</span>
                <span className="smena-cal__day-week">{day.weekdayLabel}</span>
              </>
            );
            if (editable && onDayKindChange)
              return (
                <div key={day.date} role="columnheader" className={className} style={place}>
                  <DayKindMenu
                    date={day.date}
                    kind={kind}
                    isCompanyDay={isCompanyDay}
                    onChange={onDayKindChange}
                  >
                    <button
                      type="button"
                      className="smena-cal__day-button"
                      title={`${title}. Нажмите, чтобы изменить день для всей компании`}
                      aria-label={title}
                    >
                      {content}
                    </button>
                  </DayKindMenu>
                </div>
              );
            return (
              <div
                key={day.date}
                role="columnheader"
                className={className}
                title={title}
                style={place}
              >
                {content}
              </div>
            );
          })}
        </div>
        <div className="smena-cal__body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const employee = employees[item.index];
            if (!employee) return null;
            return (
              <CalendarRow
                key={employee.employeeId}
                employee={employee}
                index={item.index}
                top={item.start}
                height={rowHeight}
                days={days}
                today={today}
                editable={editable}
                hideDepartments={hideDepartments}
                onCellClick={onCellClick}
                selectable={selection !== undefined}
                firstColumn={firstColumn}
                weekStart={weekStart?.gridColumnStart}
                selectedDates={selection?.datesByEmployee.get(employee.employeeId) ?? ''}
                rules={ruleMarks?.get(employee.employeeId)}
                unpublishedDates={unpublished?.get(employee.employeeId) ?? ''}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

type RowProps = {
  employee: CalendarEmployee;
  index: number;
  top: number;
  height: number;
  days: MonthDay[];
  today: string;
  editable: boolean;
  hideDepartments: boolean;
  onCellClick?: CalendarCellClick;
  selectable: boolean;
  /** The row's selected dates joined by commas ('' for none): a primitive keeps the memo. */
  selectedDates: string;
  firstColumn: number;
  /** Week layout: the grid column of the first day (1 = Monday). */
  weekStart: number | undefined;
  /** The employee's Labour Code violations of the month, by date and for the whole month. */
  rules: RuleMarks | undefined;
  /** The row's dates changed since the last publication, joined by commas ('' for none). */
  unpublishedDates: string;
};

const CalendarRow = memo(function CalendarRow({
  employee,
  index,
  top,
  height,
  days,
  today,
  editable,
  hideDepartments,
  onCellClick,
  selectable,
  selectedDates,
  firstColumn,
  weekStart,
  rules,
  unpublishedDates,
}: RowProps) {
  const selected = selectedDates ? new Set(selectedDates.split(',')) : null;
  const changed = unpublishedDates ? new Set(unpublishedDates.split(',')) : null;
  const subtitle = (!hideDepartments && employee.departmentTitle) || employee.positionTitle || '';
  const plans = new Map(employee.days.map((plan) => [plan.date, plan]));
  const pending = pendingByDate(employee.requests, days);
  const marks = marksByDate(employee.availability);
  return (
    <div
      className="smena-cal__row"
      role="row"
      aria-rowindex={index + 2}
      style={{ transform: `translateY(${top}px)`, height }}
      data-testid="calendar-row"
    >
      <div className="smena-cal__name" role="rowheader" title={employee.name}>
        <span className="smena-cal__name-main">
          {rules?.month && (
            <span className="smena-cal__name-rule" title={rules.month} aria-label={rules.month}>
              ТК
            </span>
          )}
          {employee.name || 'Без имени'}
        </span>
        {subtitle && <span className="smena-cal__name-sub">{subtitle}</span>}
      </div>
      {days.map((day, dayIndex) => {
        const col = firstColumn + dayIndex;
        const place = dayIndex === 0 && weekStart ? { gridColumnStart: weekStart } : undefined;
        const plan = plans.get(day.date);
        const view = cellView(plan);
        const request = pending.get(day.date);
        const mark = marks.get(day.date);
        const rule = rules?.dates.get(day.date);
        const isSelected = selected?.has(day.date) ?? false;
        const isUnpublished = changed?.has(day.date) ?? false;
        const className = [
          'smena-cal__cell',
          `smena-cal__cell--${view.tone}`,
          request && 'smena-cal__cell--pending',
          rule && 'smena-cal__cell--rule',
          day.date === today && 'smena-cal__cell--today',
          isSelected && 'smena-cal__cell--selected',
          isUnpublished && 'smena-cal__cell--unpublished',
        ]
          .filter(Boolean)
          .join(' ');
        const description = [
          view.description,
          request && requestText(request),
          mark && markText(mark),
          rule,
          isUnpublished && 'Изменено после публикации — сотрудник ещё не видит',
        ]
          .filter(Boolean)
          .join('. ');
        const label = `${employee.name}, ${day.date}: ${description}`;
        const content = (
          <>
            <span className="smena-cal__cell-label">{view.label}</span>
            {view.override && <span className="smena-cal__dot" aria-hidden />}
            {request && <span className="smena-cal__pending" aria-hidden />}
            {rule && <span className="smena-cal__rule" aria-hidden data-testid="rule-mark" />}
            {mark && (
              <span
                className={`smena-cal__mark smena-cal__mark--${markModifier(mark)}`}
                aria-hidden
              />
            )}
          </>
        );
        if (editable && plan && onCellClick) {
          return (
            <button
              key={day.date}
              type="button"
              role="gridcell"
              className={className}
              title={description}
              aria-label={label}
              aria-selected={selectable ? isSelected : undefined}
              style={place}
              data-cell-row={index}
              data-cell-col={col}
              onClick={(event) =>
                onCellClick(
                  { employee, plan },
                  { row: index, col },
                  { shiftKey: event.shiftKey, toggleKey: event.ctrlKey || event.metaKey },
                )
              }
            >
              {content}
            </button>
          );
        }
        return (
          <div
            key={day.date}
            role="gridcell"
            className={className}
            title={description}
            aria-label={label}
            style={place}
          >
            {content}
          </div>
        );
      })}
    </div>
  );
});
