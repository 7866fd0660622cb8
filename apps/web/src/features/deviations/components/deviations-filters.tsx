import {
  type DeviationStatus,
  type DeviationType,
  DeviationStatusSchema,
  DeviationTypeSchema,
  MAX_DEVIATION_DAYS,
  deviationStatusLabels,
  deviationTypeLabels,
} from '@smena/contract';
import { Badge, DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import type { DeviationsQuery } from '../api/keys.ts';
import './deviations.css';

type Option = { id: number; title: string };

export type DeviationFilterChange = Partial<DeviationsQuery>;

/** Closing a month is the usual reason to come: this month and the last one first. */
function presets(today: Dayjs) {
  const range = (from: Dayjs, to: Dayjs): [Dayjs, Dayjs] => [from, to];
  const lastMonth = today.subtract(1, 'month');
  const lastWeek = today.subtract(1, 'week');
  return [
    { label: 'Этот месяц', value: range(today.startOf('month'), today) },
    { label: 'Прошлый месяц', value: range(lastMonth.startOf('month'), lastMonth.endOf('month')) },
    { label: 'Эта неделя', value: range(today.startOf('week'), today) },
    { label: 'Прошлая неделя', value: range(lastWeek.startOf('week'), lastWeek.endOf('week')) },
  ];
}

/** The period (at most MAX_DEVIATION_DAYS), the type with its new ones, status, branch, department, employee. */
export function DeviationsFilters({
  today,
  query,
  newByType,
  branches,
  departments,
  employeeField,
  onChange,
}: {
  today: string;
  query: DeviationsQuery;
  newByType: Partial<Record<DeviationType, number>>;
  /** Null: the company hides branches. */
  branches: readonly Option[] | null;
  /** Null: the company hides departments. */
  departments: readonly Option[] | null;
  employeeField: ReactNode;
  onChange: (change: DeviationFilterChange) => void;
}) {
  const selectProps = {
    allowClear: true,
    showSearch: { optionFilterProp: 'title' },
    popupMatchSelectWidth: false,
    style: { minWidth: 180 },
  } as const;
  return (
    <div role="search" aria-label="Фильтры отклонений" className="smena-deviations-filters">
      <DatePicker.RangePicker
        aria-label="Период"
        format={DATE_FORMAT}
        allowClear={false}
        presets={presets(dayjs(today, DATE_FORMAT))}
        value={[dayjs(query.from, DATE_FORMAT), dayjs(query.to, DATE_FORMAT)]}
        disabledDate={(current, info) =>
          Boolean(info.from && Math.abs(current.diff(info.from, 'day')) >= MAX_DEVIATION_DAYS)
        }
        onChange={(range) => {
          if (range?.[0] && range[1])
            onChange({ from: range[0].format(DATE_FORMAT), to: range[1].format(DATE_FORMAT) });
        }}
      />
      <Select<DeviationType>
        {...selectProps}
        aria-label="Тип отклонения"
        placeholder="Все отклонения"
        value={query.type}
        onChange={(type?: DeviationType) => onChange({ type })}
        options={DeviationTypeSchema.options.map((type) => ({
          value: type,
          title: deviationTypeLabels[type],
          label: (
            <span>
              {deviationTypeLabels[type]}{' '}
              <Badge count={newByType[type] ?? 0} size="small" color="blue" />
            </span>
          ),
        }))}
      />
      <Select<DeviationStatus>
        {...selectProps}
        style={{ minWidth: 130 }}
        aria-label="Статус"
        placeholder="Все статусы"
        value={query.status}
        onChange={(status?: DeviationStatus) => onChange({ status })}
        options={DeviationStatusSchema.options.map((status) => ({
          value: status,
          title: deviationStatusLabels[status],
          label: deviationStatusLabels[status],
        }))}
      />
      {branches && (
        <Select<number>
          {...selectProps}
          aria-label="Филиал"
          placeholder="Все филиалы"
          value={query.branchId}
          onChange={(branchId?: number) => onChange({ branchId })}
          options={branches.map((item) => ({
            value: item.id,
            title: item.title,
            label: item.title,
          }))}
        />
      )}
      {departments && (
        <Select<number>
          {...selectProps}
          aria-label="Отдел"
          placeholder="Все отделы"
          value={query.departmentId}
          onChange={(departmentId?: number) => onChange({ departmentId })}
          options={departments.map((item) => ({
            value: item.id,
            title: item.title,
            label: item.title,
          }))}
        />
      )}
      {employeeField}
    </div>
  );
}
