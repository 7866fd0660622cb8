import {
  DayOffStatusSchema,
  DayOffTypeSchema,
  dayOffStatusLabels,
  dayOffTypeLabels,
  type DayOffStatus,
  type DayOffType,
} from '@smena/contract';
import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import type { DayOffsListState } from '../list-params.ts';
import { EmployeeSelect } from './employee-select.tsx';
import './day-offs.css';

export type DayOffsFilterChange = Partial<
  Pick<DayOffsListState, 'from' | 'to' | 'employeeId' | 'type' | 'status'>
>;

/** Period, employee, type and (on «Все») status of the day-offs list. */
export function DayOffsFilters({
  state,
  onChange,
}: {
  state: DayOffsListState;
  onChange: (change: DayOffsFilterChange) => void;
}) {
  return (
    <div className="smena-day-offs-filters" role="search" aria-label="Фильтры">
      {state.tab === 'all' && (
        <DatePicker.RangePicker
          className="smena-day-offs-filters__period"
          aria-label="Период"
          format={DATE_FORMAT}
          allowClear={false}
          value={[dayjs(state.from, DATE_FORMAT), dayjs(state.to, DATE_FORMAT)]}
          onChange={(range) => {
            if (range?.[0] && range[1])
              onChange({ from: range[0].format(DATE_FORMAT), to: range[1].format(DATE_FORMAT) });
          }}
        />
      )}
      <EmployeeSelect
        className="smena-day-offs-filters__employee"
        aria-label="Сотрудник"
        placeholder="Все сотрудники"
        allowClear
        value={state.employeeId}
        onChange={(employeeId) => onChange({ employeeId })}
      />
      <Select<DayOffType>
        className="smena-day-offs-filters__select"
        aria-label="Тип"
        placeholder="Все типы"
        allowClear
        value={state.type}
        onChange={(type) => onChange({ type: type ?? undefined })}
        options={DayOffTypeSchema.options.map((type) => ({
          value: type,
          label: dayOffTypeLabels[type],
        }))}
      />
      {state.tab === 'all' && (
        <Select<DayOffStatus>
          className="smena-day-offs-filters__select"
          aria-label="Статус"
          placeholder="Все статусы"
          allowClear
          value={state.status}
          onChange={(status) => onChange({ status: status ?? undefined })}
          options={DayOffStatusSchema.options.map((status) => ({
            value: status,
            label: dayOffStatusLabels[status],
          }))}
        />
      )}
    </div>
  );
}
