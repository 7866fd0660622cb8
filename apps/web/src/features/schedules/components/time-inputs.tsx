import { DatePicker, TimePicker } from 'antd';
import type { CSSProperties } from 'react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_FORMAT, TIME_FORMAT } from '../../../lib/dates.ts';

dayjs.extend(customParseFormat);

type TimeInputProps = {
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  status?: '' | 'error';
};

/** A `HH:mm` string edited with antd's TimePicker (5-minute steps). */
export function TimeInput({
  value,
  onChange,
  allowClear = false,
  placeholder = 'ЧЧ:ММ',
  ...rest
}: TimeInputProps) {
  const parsed = value ? dayjs(value, TIME_FORMAT, true) : null;
  return (
    <TimePicker
      {...rest}
      className="smena-time-input"
      format={TIME_FORMAT}
      minuteStep={5}
      needConfirm={false}
      showNow={false}
      allowClear={allowClear}
      placeholder={placeholder}
      value={parsed?.isValid() ? parsed : null}
      onChange={(time) => onChange?.(time ? time.format(TIME_FORMAT) : undefined)}
    />
  );
}

type DateInputProps = {
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  allowClear?: boolean;
  'aria-label'?: string;
  style?: CSSProperties;
};

/** A `YYYY-MM-DD` string edited with antd's DatePicker. */
export function DateInput({ value, onChange, allowClear = false, ...rest }: DateInputProps) {
  const parsed = value ? dayjs(value, DATE_FORMAT, true) : null;
  return (
    <DatePicker
      {...rest}
      format={DATE_FORMAT}
      allowClear={allowClear}
      placeholder="ГГГГ-ММ-ДД"
      value={parsed?.isValid() ? parsed : null}
      onChange={(date) => onChange?.(date ? date.format(DATE_FORMAT) : undefined)}
    />
  );
}
