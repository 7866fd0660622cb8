import { type CheckSignal, CheckSignalSchema, checkSignalLabels } from '@smena/contract';
import { Checkbox, DatePicker, Select, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { canFilterLate, LATE_MAX_DAYS, type ChecksListState } from '../list-params.ts';
import './checks.css';

export type ChecksFilterChange = Partial<
  Pick<
    ChecksListState,
    'from' | 'to' | 'branchId' | 'departmentId' | 'employeeId' | 'onlyOpen' | 'onlyLate' | 'signals'
  >
>;

type Option = { id: number; title: string };

function presets(today: Dayjs) {
  const range = (from: Dayjs, to: Dayjs): [Dayjs, Dayjs] => [from, to];
  const lastWeek = today.subtract(1, 'week');
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: 'Сегодня', value: range(today, today) },
    { label: 'Вчера', value: range(today.subtract(1, 'day'), today.subtract(1, 'day')) },
    { label: 'Эта неделя', value: range(today.startOf('week'), today) },
    { label: 'Прошлая неделя', value: range(lastWeek.startOf('week'), lastWeek.endOf('week')) },
    { label: 'Этот месяц', value: range(today.startOf('month'), today) },
    { label: 'Прошлый месяц', value: range(lastMonth.startOf('month'), lastMonth.endOf('month')) },
  ];
}

/** Period, Филиал, Отдел, Сотрудник, Сигналы, «Только открытые», «Только опоздания». */
export function ChecksFilters({
  state,
  today,
  branches,
  departments,
  employeeField,
  onChange,
}: {
  state: ChecksListState;
  today: string;
  /** Null: the company hides branches. */
  branches: readonly Option[] | null;
  /** Null: the company hides departments. */
  departments: readonly Option[] | null;
  employeeField: ReactNode;
  onChange: (change: ChecksFilterChange) => void;
}) {
  const isPeriod = state.view === 'period';
  const lateAllowed = canFilterLate(state);
  const selectProps = {
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    popupMatchSelectWidth: false,
    className: 'smena-checks-filters__select',
  } as const;

  return (
    <div className="smena-checks-filters" role="search" aria-label="Фильтры отметок">
      {isPeriod && (
        <DatePicker.RangePicker
          className="smena-checks-filters__period"
          aria-label="Период"
          format={DATE_FORMAT}
          allowClear={false}
          presets={presets(dayjs(today, DATE_FORMAT))}
          value={[dayjs(state.from, DATE_FORMAT), dayjs(state.to, DATE_FORMAT)]}
          onChange={(range) => {
            if (range?.[0] && range[1])
              onChange({ from: range[0].format(DATE_FORMAT), to: range[1].format(DATE_FORMAT) });
          }}
        />
      )}
      {branches && (
        <Select
          {...selectProps}
          aria-label="Филиал"
          placeholder="Все филиалы"
          value={state.branchId}
          onChange={(value?: number) => onChange({ branchId: value })}
          options={branches.map((item) => ({ value: item.id, label: item.title }))}
        />
      )}
      {departments && (
        <Select
          {...selectProps}
          aria-label="Отдел"
          placeholder="Все отделы"
          value={state.departmentId}
          onChange={(value?: number) => onChange({ departmentId: value })}
          options={departments.map((item) => ({ value: item.id, label: item.title }))}
        />
      )}
      <div className="smena-checks-filters__employee">{employeeField}</div>
      <Select<CheckSignal[]>
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        popupMatchSelectWidth={false}
        className="smena-checks-filters__select smena-checks-filters__signals"
        aria-label="Сигналы"
        placeholder="Сигналы"
        value={state.signals}
        onChange={(signals) => onChange({ signals })}
        options={CheckSignalSchema.options.map((signal) => ({
          value: signal,
          label: checkSignalLabels[signal],
        }))}
      />
      {isPeriod && (
        <div className="smena-checks-filters__flags">
          <Checkbox
            checked={state.onlyOpen}
            onChange={(event) => onChange({ onlyOpen: event.target.checked })}
          >
            Только открытые
          </Checkbox>
          <Tooltip
            title={
              lateAllowed
                ? undefined
                : `Опоздания ищутся в периоде не длиннее ${LATE_MAX_DAYS} дней`
            }
          >
            <Checkbox
              checked={state.onlyLate && lateAllowed}
              disabled={!lateAllowed}
              onChange={(event) => onChange({ onlyLate: event.target.checked })}
            >
              Только опоздания
            </Checkbox>
          </Tooltip>
        </div>
      )}
    </div>
  );
}
