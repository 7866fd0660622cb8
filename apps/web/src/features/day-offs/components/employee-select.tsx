import { Select } from 'antd';
import { useEffect, useState } from 'react';
import {
  useEmployeeOption,
  useEmployeeOptions,
  type EmployeeOption,
} from '../api/get-employee-options.ts';

export type EmployeeSelectProps = {
  id?: string;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  className?: string;
  disabled?: boolean;
  /** The name of the chosen employee when it is known already (editing an entry). */
  knownLabel?: string | null;
  'aria-label'?: string;
};

function useDebounced(value: string, delay = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** Picks an employee by name, searching on the server (50 at a time). */
export function EmployeeSelect({
  value,
  onChange,
  knownLabel,
  placeholder = 'Начните вводить ФИО',
  ...rest
}: EmployeeSelectProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebounced(search);
  const options = useEmployeeOptions(debounced, open || search !== '');
  const selectedId = value ?? undefined;
  const needsName =
    selectedId !== undefined &&
    !knownLabel &&
    !options.data?.some((option) => option.value === selectedId);
  const selected = useEmployeeOption(needsName ? selectedId : undefined);

  const list: EmployeeOption[] = [...(options.data ?? [])];
  if (selectedId !== undefined && !list.some((option) => option.value === selectedId)) {
    list.unshift({
      value: selectedId,
      label: knownLabel ?? selected.data?.label ?? `Сотрудник №${selectedId}`,
    });
  }

  return (
    <Select<number, EmployeeOption>
      {...rest}
      value={selectedId}
      onChange={(next) => onChange?.(next ?? undefined)}
      onOpenChange={setOpen}
      options={list}
      loading={options.isFetching}
      placeholder={placeholder}
      showSearch={{
        filterOption: false,
        searchValue: search,
        onSearch: setSearch,
      }}
      onClear={() => setSearch('')}
      onSelect={() => setSearch('')}
      notFoundContent={options.isFetching ? 'Загрузка…' : 'Никого не нашли'}
    />
  );
}
