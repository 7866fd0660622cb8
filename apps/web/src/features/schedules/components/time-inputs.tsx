import type { CSSProperties } from 'react';
import dayjs from 'dayjs';
import { DateField, TimeField } from '../../../components/form/picker-fields.tsx';
import { DATE_FORMAT, TIME_FORMAT } from '../../../lib/dates.ts';

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

/** A `HH:mm` string edited with the shared TimeField (5-minute steps, typed values taken). */
export function TimeInput({
  value,
  onChange,
  allowClear = false,
  placeholder = 'ЧЧ:ММ',
  ...rest
}: TimeInputProps) {
  const parsed = value ? dayjs(value, TIME_FORMAT, true) : null;
  return (
    <TimeField
      {...rest}
      className="smena-time-input"
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

/** A `YYYY-MM-DD` string edited with the shared DateField (typed values taken). */
export function DateInput({ value, onChange, allowClear = false, ...rest }: DateInputProps) {
  const parsed = value ? dayjs(value, DATE_FORMAT, true) : null;
  return (
    <DateField
      {...rest}
      allowClear={allowClear}
      value={parsed?.isValid() ? parsed : null}
      onChange={(date) => onChange?.(date ? date.format(DATE_FORMAT) : undefined)}
    />
  );
}
