import { LeftOutlined, RightOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import type { CalendarParams } from '../calendar-params.ts';
import type { FilterOption } from '../api/get-filter-options.ts';
import { shiftMonth } from '@smena/contract';
import { monthTitle, type MonthKey } from '../month.ts';

export const SEARCH_DEBOUNCE_MS = 350;

export type CalendarToolbarProps = {
  month: MonthKey;
  currentMonth: MonthKey;
  params: CalendarParams;
  branches?: FilterOption[];
  departments?: FilterOption[];
  branchesLoading?: boolean;
  departmentsLoading?: boolean;
  onChange: (change: Partial<CalendarParams>) => void;
};

/** ‹ Ноябрь 2026 › «Сегодня», then search, Филиал, Отдел (hidden structures pass no options). */
export function CalendarToolbar({
  month,
  currentMonth,
  params,
  branches,
  departments,
  branchesLoading,
  departmentsLoading,
  onChange,
}: CalendarToolbarProps) {
  const applied = params.search ?? '';
  const [text, setText] = useState(applied);
  const [lastApplied, setLastApplied] = useState(applied);
  if (applied !== lastApplied) {
    // The address changed from outside (back button): show its search.
    setLastApplied(applied);
    if (text.trim() !== applied) setText(applied);
  }

  useEffect(() => {
    if (text.trim() === applied) return;
    const timer = setTimeout(
      () => onChange({ search: text.trim() || undefined }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, applied, onChange]);

  return (
    <div className="smena-cal-toolbar" role="search" aria-label="Месяц и фильтры календаря">
      <div className="smena-cal-toolbar__month">
        <Tooltip title="Предыдущий месяц">
          <Button
            icon={<LeftOutlined />}
            aria-label="Предыдущий месяц"
            onClick={() => onChange({ month: shiftMonth(month, -1) })}
          />
        </Tooltip>
        <span className="smena-cal-toolbar__title" aria-live="polite">
          {monthTitle(month)}
        </span>
        <Tooltip title="Следующий месяц">
          <Button
            icon={<RightOutlined />}
            aria-label="Следующий месяц"
            onClick={() => onChange({ month: shiftMonth(month, 1) })}
          />
        </Tooltip>
        <Button
          style={{ marginInlineStart: 4 }}
          disabled={month === currentMonth}
          onClick={() => onChange({ month: currentMonth })}
        >
          Сегодня
        </Button>
      </div>
      <Input
        className="smena-cal-toolbar__search"
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Поиск по ФИО"
        aria-label="Поиск сотрудников"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => onChange({ search: text.trim() || undefined })}
      />
      {branches && (
        <Select
          className="smena-cal-toolbar__select"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          popupMatchSelectWidth={false}
          placeholder="Филиал"
          aria-label="Филиал"
          loading={branchesLoading}
          options={branches}
          value={params.branchId}
          onChange={(value: number | undefined) => onChange({ branchId: value })}
        />
      )}
      {departments && (
        <Select
          className="smena-cal-toolbar__select"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          popupMatchSelectWidth={false}
          placeholder="Отдел"
          aria-label="Отдел"
          loading={departmentsLoading}
          options={departments}
          value={params.departmentId}
          onChange={(value: number | undefined) => onChange({ departmentId: value })}
        />
      )}
    </div>
  );
}
