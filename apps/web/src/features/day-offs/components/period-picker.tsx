import { DatePicker } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { DATE_FORMAT } from '../../../lib/dates.ts';

type Period = [Dayjs | null, Dayjs | null] | null | undefined;

/** «Укажите даты», and an end before the start refused in words. */
export const periodRules: Rule[] = [
  { required: true, message: 'Укажите даты' },
  {
    validator: (_rule, value: Period) =>
      value?.[0] && value[1] && value[1].isBefore(value[0], 'day')
        ? Promise.reject(new Error('Окончание раньше начала: проверьте даты'))
        : Promise.resolve(),
  },
];

/**
 * The dates of an absence, `yyyy-MM-dd`. Dates typed the wrong way round stay as typed and are
 * refused by `periodRules` — antd's RangePicker would swap them behind the person's back.
 */
export function PeriodPicker(props: {
  value?: [Dayjs, Dayjs] | null;
  onChange?: (value: [Dayjs | null, Dayjs | null] | null) => void;
  id?: string;
}) {
  return (
    <DatePicker.RangePicker
      {...props}
      order={false}
      format={DATE_FORMAT}
      placeholder={['Начало', 'Окончание']}
      inputReadOnly={false}
    />
  );
}
