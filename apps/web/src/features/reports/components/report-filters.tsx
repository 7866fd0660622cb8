import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { MAX_REPORT_DAYS } from '@smena/contract';
import { Button, DatePicker, Select, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import type { ReportFilters } from '../api/keys.ts';
import { shiftMonth } from '@smena/contract';
import './reports.css';

type Option = { id: number; title: string };

export const MONTH_FORMAT = 'YYYY-MM';

export type ReportFilterChange = Partial<
  ReportFilters & { from: string; to: string; month: string }
>;

function presets(today: Dayjs) {
  const range = (from: Dayjs, to: Dayjs): [Dayjs, Dayjs] => [from, to];
  const lastWeek = today.subtract(1, 'week');
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: 'Этот месяц', value: range(today.startOf('month'), today) },
    { label: 'Прошлый месяц', value: range(lastMonth.startOf('month'), lastMonth.endOf('month')) },
    { label: 'Эта неделя', value: range(today.startOf('week'), today) },
    { label: 'Прошлая неделя', value: range(lastWeek.startOf('week'), lastWeek.endOf('week')) },
    { label: 'Последние 30 дней', value: range(today.subtract(29, 'day'), today) },
  ];
}

/** A period (attendance) or a month (timesheet), then Филиал, Отдел and Сотрудник. */
export function ReportFiltersBar({
  label,
  today,
  period,
  month,
  filters,
  branches,
  departments,
  employeeField,
  onChange,
}: {
  /** The bar's accessible name. */
  label: string;
  today: string;
  period?: { from: string; to: string };
  month?: string;
  filters: ReportFilters;
  /** Null: the company hides branches. */
  branches: readonly Option[] | null;
  /** Null: the company hides departments. */
  departments: readonly Option[] | null;
  employeeField: ReactNode;
  onChange: (change: ReportFilterChange) => void;
}) {
  const selectProps = {
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    popupMatchSelectWidth: false,
    className: 'smena-report-filters__select',
  } as const;

  return (
    <div className="smena-report-filters" role="search" aria-label={label}>
      {period && (
        <DatePicker.RangePicker
          className="smena-report-filters__period"
          aria-label="Период"
          format={DATE_FORMAT}
          allowClear={false}
          presets={presets(dayjs(today, DATE_FORMAT))}
          value={[dayjs(period.from, DATE_FORMAT), dayjs(period.to, DATE_FORMAT)]}
          // A report covers at most a quarter: the end is kept within it of the chosen start.
          disabledDate={(current, info) =>
            Boolean(info.from && Math.abs(current.diff(info.from, 'day')) >= MAX_REPORT_DAYS)
          }
          onChange={(range) => {
            if (range?.[0] && range[1])
              onChange({ from: range[0].format(DATE_FORMAT), to: range[1].format(DATE_FORMAT) });
          }}
        />
      )}
      {month && (
        <div className="smena-report-filters__month">
          <Tooltip title="Предыдущий месяц">
            <Button
              icon={<LeftOutlined />}
              aria-label="Предыдущий месяц"
              onClick={() => onChange({ month: shiftMonth(month, -1) })}
            />
          </Tooltip>
          <DatePicker
            picker="month"
            aria-label="Месяц"
            className="smena-report-filters__month-picker"
            format={MONTH_FORMAT}
            allowClear={false}
            value={dayjs(`${month}-01`, DATE_FORMAT)}
            onChange={(value) => {
              if (value) onChange({ month: value.format(MONTH_FORMAT) });
            }}
          />
          <Tooltip title="Следующий месяц">
            <Button
              icon={<RightOutlined />}
              aria-label="Следующий месяц"
              onClick={() => onChange({ month: shiftMonth(month, 1) })}
            />
          </Tooltip>
        </div>
      )}
      {branches && (
        <Select
          {...selectProps}
          aria-label="Филиал"
          placeholder="Все филиалы"
          value={filters.branchId}
          onChange={(value?: number) => onChange({ branchId: value })}
          options={branches.map((item) => ({ value: item.id, label: item.title }))}
        />
      )}
      {departments && (
        <Select
          {...selectProps}
          aria-label="Отдел"
          placeholder="Все отделы"
          value={filters.departmentId}
          onChange={(value?: number) => onChange({ departmentId: value })}
          options={departments.map((item) => ({ value: item.id, label: item.title }))}
        />
      )}
      <div className="smena-report-filters__employee">{employeeField}</div>
    </div>
  );
}
