import { SearchOutlined } from '@ant-design/icons';
import { Role, roleLabels, type CompanyRole, type ListEmployeesQuery } from '@smena/contract';
import { Input, Select } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import type { StructureOptions } from '../api/get-structure-options.ts';
import './employees.css';

export const SEARCH_DEBOUNCE_MS = 350;

const STATUS_OPTIONS: { value: ListEmployeesQuery['status']; label: string }[] = [
  { value: 'ACTIVE', label: 'Работают' },
  { value: 'DISMISSED', label: 'Уволены' },
  { value: 'ALL', label: 'Все' },
];

const ROLE_OPTIONS = ([Role.ADMIN, Role.MANAGER, Role.EMPLOYEE] as CompanyRole[]).map((role) => ({
  value: role,
  label: roleLabels[role],
}));

export type EmployeesFilterChange = Partial<
  Pick<
    ListEmployeesQuery,
    'search' | 'branchId' | 'departmentId' | 'positionId' | 'role' | 'status'
  >
>;

/** Search first (debounced), then Филиал, Отдел, Должность, Роль, Статус; `extra` at the end. */
export function EmployeesFilters({
  query,
  options,
  hideBranches,
  hideDepartments,
  onChange,
  extra,
}: {
  query: ListEmployeesQuery;
  options: StructureOptions;
  hideBranches: boolean;
  hideDepartments: boolean;
  onChange: (change: EmployeesFilterChange) => void;
  extra?: ReactNode;
}) {
  const applied = query.search ?? '';
  const [text, setText] = useState(applied);
  const [lastApplied, setLastApplied] = useState(applied);
  if (applied !== lastApplied) {
    // The address changed from outside (back button, «Сбросить фильтры»): show its search.
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

  const selectProps = {
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    popupMatchSelectWidth: false,
    className: 'smena-employees-filters__select',
    loading: options.isLoading,
  } as const;

  return (
    <div className="smena-employees-filters" role="search" aria-label="Фильтры сотрудников">
      <Input
        className="smena-employees-filters__search"
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="ФИО, телефон, email, табельный №"
        aria-label="Поиск сотрудников"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => onChange({ search: text.trim() || undefined })}
      />
      {!hideBranches && (
        <Select
          {...selectProps}
          aria-label="Филиал"
          placeholder="Филиал"
          value={query.branchId}
          onChange={(value?: number) => onChange({ branchId: value })}
          options={options.branches.map((item) => ({ value: item.id, label: item.title }))}
        />
      )}
      {!hideDepartments && (
        <Select
          {...selectProps}
          aria-label="Отдел"
          placeholder="Отдел"
          value={query.departmentId}
          onChange={(value?: number) => onChange({ departmentId: value })}
          options={options.departments.map((item) => ({ value: item.id, label: item.title }))}
        />
      )}
      <Select
        {...selectProps}
        aria-label="Должность"
        placeholder="Должность"
        value={query.positionId}
        onChange={(value?: number) => onChange({ positionId: value })}
        options={options.positions.map((item) => ({ value: item.id, label: item.title }))}
      />
      <Select
        allowClear
        className="smena-employees-filters__select smena-employees-filters__select--narrow"
        aria-label="Роль"
        placeholder="Роль"
        value={query.role}
        onChange={(value?: CompanyRole) => onChange({ role: value })}
        options={ROLE_OPTIONS}
      />
      <Select
        className="smena-employees-filters__select smena-employees-filters__select--narrow"
        aria-label="Статус"
        value={query.status}
        onChange={(value: ListEmployeesQuery['status']) => onChange({ status: value })}
        options={STATUS_OPTIONS}
      />
      {extra && <div className="smena-employees-filters__extra">{extra}</div>}
    </div>
  );
}
