import { Dropdown, type MenuProps } from 'antd';
import { memo, useMemo } from 'react';
import { DATE_MARKS, dateMarkLabels, markProblem, type DateMark } from '../calendar-draft.ts';
import {
  WEEKDAY_SHORT,
  weekdayName,
  yearMonths,
  type YearDate,
  type YearMonth,
} from '../year-days.ts';
import './production-calendars.css';

type YearCalendarProps = {
  year: number;
  /** Every date that is not plain, with its mark. */
  marks: ReadonlyMap<string, DateMark>;
  /** Dates changed since the last save. */
  changed: ReadonlySet<string>;
  /** The server's message for each refused date. */
  errors: ReadonlyMap<string, string>;
  disabled?: boolean;
  onSetMark: (date: string, mark: DateMark) => void;
};

const MARK_CLASS: Record<DateMark, string> = {
  HOLIDAY: 'smena-pcal-kind--holiday',
  TRANSFERRED: 'smena-pcal-kind--transferred',
  WORKING_WEEKEND: 'smena-pcal-kind--working',
  SHORTENED: 'smena-pcal-kind--short',
  NORMAL: '',
};

/** What a date is, in words, for its accessible name and tooltip. */
export function describeMark(mark: DateMark, isWeekend: boolean): string {
  switch (mark) {
    case 'HOLIDAY':
      return 'праздник';
    case 'TRANSFERRED':
      return 'перенесённый выходной';
    case 'WORKING_WEEKEND':
      return 'рабочий выходной';
    case 'SHORTENED':
      return isWeekend ? 'рабочий выходной, сокращённый день' : 'сокращённый день';
    case 'NORMAL':
      return isWeekend ? 'выходной' : 'рабочий день';
  }
}

function markHint(mark: DateMark, isWeekend: boolean): string {
  switch (mark) {
    case 'HOLIDAY':
      return 'нерабочий праздничный день';
    case 'TRANSFERRED':
      return 'будний день стал выходным';
    case 'WORKING_WEEKEND':
      return 'суббота или воскресенье стали рабочими';
    case 'SHORTENED':
      return isWeekend ? 'рабочий выходной, на час короче' : 'рабочий, на час короче';
    case 'NORMAL':
      return isWeekend ? 'выходной по пятидневке' : 'рабочий по пятидневке';
  }
}

/** The twelve months of a year; a click on a date opens the list of what it can be. */
export function YearCalendar({
  year,
  marks,
  changed,
  errors,
  disabled = false,
  onSetMark,
}: YearCalendarProps) {
  const months = useMemo(() => yearMonths(year), [year]);
  return (
    <div className="smena-pcal">
      <ul className="smena-pcal-legend" aria-label="Обозначения">
        {(['HOLIDAY', 'TRANSFERRED', 'WORKING_WEEKEND', 'SHORTENED'] as const).map((mark) => (
          <li key={mark}>
            <span className={`smena-pcal-legend__swatch ${MARK_CLASS[mark]}`} aria-hidden>
              {mark === 'SHORTENED' ? '*' : ''}
            </span>
            {dateMarkLabels[mark]}
          </li>
        ))}
        <li>
          <span
            className="smena-pcal-legend__swatch smena-pcal-legend__swatch--weekend"
            aria-hidden
          />
          Выходной (суббота, воскресенье)
        </li>
        <li>
          <span className="smena-pcal-legend__swatch" aria-hidden>
            <span className="smena-pcal__changed" />
          </span>
          Не сохранено
        </li>
      </ul>
      <div className="smena-pcal__months">
        {months.map((month) => (
          <MonthCard
            key={month.month}
            month={month}
            signature={monthSignature(month, marks, changed, errors)}
            marks={marks}
            changed={changed}
            errors={errors}
            disabled={disabled}
            onSetMark={onSetMark}
          />
        ))}
      </div>
    </div>
  );
}

/** Everything a month card shows, as one string: an unchanged month is not rendered again. */
function monthSignature(
  month: YearMonth,
  marks: ReadonlyMap<string, DateMark>,
  changed: ReadonlySet<string>,
  errors: ReadonlyMap<string, string>,
): string {
  let signature = '';
  for (const { date, day } of month.days) {
    const mark = marks.get(date);
    const isChanged = changed.has(date);
    const error = errors.get(date);
    if (mark || isChanged || error)
      signature += `${day}:${mark ?? ''}:${isChanged ? 1 : 0}:${error ?? ''};`;
  }
  return signature;
}

type MonthCardProps = {
  month: YearMonth;
  signature: string;
  marks: ReadonlyMap<string, DateMark>;
  changed: ReadonlySet<string>;
  errors: ReadonlyMap<string, string>;
  disabled: boolean;
  onSetMark: (date: string, mark: DateMark) => void;
};

const MonthCard = memo(
  function MonthCard({ month, marks, changed, errors, disabled, onSetMark }: MonthCardProps) {
    return (
      <section className="smena-pcal__month" aria-label={month.title}>
        <h3 className="smena-pcal__month-title">{month.title}</h3>
        <div className="smena-pcal__grid" role="presentation">
          {WEEKDAY_SHORT.map((label, index) => (
            <span
              key={label}
              className={`smena-pcal__weekday${index >= 5 ? ' smena-pcal__weekday--off' : ''}`}
              aria-hidden
            >
              {label}
            </span>
          ))}
          {month.leading > 0 && (
            <span style={{ gridColumn: `span ${month.leading}` }} aria-hidden />
          )}
          {month.days.map((day) => (
            <DateCell
              key={day.date}
              day={day}
              mark={marks.get(day.date) ?? 'NORMAL'}
              isChanged={changed.has(day.date)}
              error={errors.get(day.date)}
              disabled={disabled}
              onSetMark={onSetMark}
            />
          ))}
        </div>
      </section>
    );
  },
  (prev, next) =>
    prev.signature === next.signature &&
    prev.month === next.month &&
    prev.disabled === next.disabled &&
    prev.onSetMark === next.onSetMark,
);

type DateCellProps = {
  day: YearDate;
  mark: DateMark;
  isChanged: boolean;
  error: string | undefined;
  disabled: boolean;
  onSetMark: (date: string, mark: DateMark) => void;
};

function DateCell({ day, mark, isChanged, error, disabled, onSetMark }: DateCellProps) {
  const description = describeMark(mark, day.isWeekend);
  const label = `${day.date}, ${weekdayName(day.date)}: ${description}${
    isChanged ? ' (не сохранено)' : ''
  }${error ? `. Ошибка: ${error}` : ''}`;
  const className = [
    'smena-pcal__date',
    day.isWeekend && 'smena-pcal__date--weekend',
    MARK_CLASS[mark],
    error && 'smena-pcal__date--error',
  ]
    .filter(Boolean)
    .join(' ');

  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'title',
      label: `${day.date}, ${weekdayName(day.date)}`,
      children: DATE_MARKS.map((option) => {
        const problem = markProblem(day.date, option);
        return {
          key: option,
          disabled: problem !== null,
          label: (
            <span className="smena-pcal-menu__item">
              <span>{dateMarkLabels[option]}</span>
              <span className="smena-pcal-menu__hint">
                {problem ?? markHint(option, day.isWeekend)}
              </span>
            </span>
          ),
        };
      }),
    },
  ];

  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled}
      menu={{
        items,
        selectable: true,
        selectedKeys: [mark],
        onClick: ({ key }) => {
          if (key !== mark) onSetMark(day.date, key as DateMark);
        },
      }}
    >
      <button
        type="button"
        className={className}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        title={label}
      >
        {day.day}
        {mark === 'SHORTENED' && <span className="smena-pcal__star">*</span>}
        {isChanged && <span className="smena-pcal__changed" aria-hidden />}
      </button>
    </Dropdown>
  );
}
