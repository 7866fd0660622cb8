import { Select } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { useCompanyOptions, type CompanyOption } from '../api/get-company-options.ts';

export type CompanySelectProps = {
  id?: string;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  className?: string;
  style?: CSSProperties;
  disabled?: boolean;
  /** The title of the chosen company when it is known already. */
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

/** Picks a company by title, searching the super admin's company list on the server. */
export function CompanySelect({
  value,
  onChange,
  knownLabel,
  placeholder = 'Начните вводить название',
  ...rest
}: CompanySelectProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebounced(search);
  const options = useCompanyOptions(debounced, open || search !== '' || value != null);
  const selectedId = value ?? undefined;

  const list: CompanyOption[] = [...(options.data ?? [])];
  if (selectedId !== undefined && !list.some((option) => option.value === selectedId)) {
    list.unshift({ value: selectedId, label: knownLabel ?? `Компания №${selectedId}` });
  }

  return (
    <Select<number, CompanyOption>
      {...rest}
      value={selectedId}
      onChange={(next) => onChange?.(next ?? undefined)}
      onOpenChange={setOpen}
      options={list}
      loading={options.isFetching}
      placeholder={placeholder}
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
      onClear={() => setSearch('')}
      onSelect={() => setSearch('')}
      notFoundContent={options.isFetching ? 'Загрузка…' : 'Компаний не нашли'}
    />
  );
}
