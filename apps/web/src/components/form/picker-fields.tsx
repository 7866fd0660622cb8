import { DatePicker, TimePicker } from 'antd';
import type { DatePickerProps, TimePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { FocusEvent, KeyboardEvent } from 'react';
import { DATE_FORMAT, TIME_FORMAT } from '../../lib/dates.ts';

dayjs.extend(customParseFormat);

/**
 * antd's pickers with what a person types taken as typed:
 * - Enter takes the typed value and never submits the form around it (a browser submits a form
 *   on Enter in any of its inputs: «Дата приёма» saved the whole employee, «Начало» saved the
 *   shift before its end was set);
 * - leaving the field takes a complete typed value at once, so a «Сохранить» pressed right after
 *   typing 22:00 saves 22:00, not the value before (antd applies typed text later, or only on
 *   Enter);
 * - a text that is not a date or time in the format is left to the picker (it restores the last
 *   value), never guessed.
 */
function typedEntry(format: string, onChange: ((value: Dayjs) => void) | undefined) {
  const take = (text: string, current: Dayjs | null | undefined) => {
    const parsed = dayjs(text.trim(), format, true);
    if (!parsed.isValid()) return;
    if (current && current.format(format) === parsed.format(format)) return;
    onChange?.(parsed);
  };
  return (current: Dayjs | null | undefined) => ({
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      if (event.target instanceof HTMLInputElement) take(event.target.value, current);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (event.target instanceof HTMLInputElement) take(event.target.value, current);
    },
  });
}

type DateFieldProps = Omit<
  DatePickerProps,
  'onChange' | 'format' | 'value' | 'multiple' | 'defaultValue'
> & {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
};

/** A date (`YYYY-MM-DD`) in a form: see `typedEntry`. */
export function DateField({ value, onChange, ...rest }: DateFieldProps) {
  const entry = typedEntry(DATE_FORMAT, (next) => onChange?.(next))(value);
  return (
    <DatePicker
      placeholder="ГГГГ-ММ-ДД"
      {...rest}
      format={DATE_FORMAT}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      onKeyDown={entry.onKeyDown}
      onBlur={entry.onBlur}
    />
  );
}

type TimeFieldProps = Omit<TimePickerProps, 'onChange' | 'format' | 'value' | 'defaultValue'> & {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
};

/** A time (`HH:mm`, 5-minute steps) in a form: see `typedEntry`. */
export function TimeField({ value, onChange, ...rest }: TimeFieldProps) {
  const entry = typedEntry(TIME_FORMAT, (next) => onChange?.(next))(value);
  return (
    <TimePicker
      minuteStep={5}
      needConfirm={false}
      showNow={false}
      placeholder="ЧЧ:ММ"
      {...rest}
      format={TIME_FORMAT}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      onKeyDown={entry.onKeyDown}
      onBlur={entry.onBlur}
    />
  );
}
