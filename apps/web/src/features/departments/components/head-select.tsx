import type { ProfileUser } from '@smena/contract';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useCompanyUsers } from '../api/get-company-users.ts';

const SEARCH_DELAY_MS = 300;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** «Фамилия Имя Отчество», or the email when the person has no name yet. */
export function personName(
  user: Pick<ProfileUser, 'lastName' | 'firstName' | 'middleName' | 'email'>,
) {
  const name = [user.lastName, user.firstName, user.middleName].filter(Boolean).join(' ').trim();
  return name || user.email || 'Без имени';
}

type HeadSelectProps = {
  /** The head's employee id. */
  value?: number | null;
  onChange?: (employeeId: number | null) => void;
  /** The current head, so that the name shows before anything is searched. */
  initialHead?: { id: number; name: string } | null;
  id?: string;
  disabled?: boolean;
};

/** The department's head: people of the company, searched on the server as one types. */
export function HeadSelect({ value, onChange, initialHead, ...rest }: HeadSelectProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const debouncedSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  const users = useCompanyUsers(debouncedSearch, open || Boolean(search));
  const [chosen, setChosen] = useState(initialHead ?? null);

  const options = useMemo(() => {
    const list = (users.data?.items ?? []).map((user) => ({
      value: user.employeeId,
      label: personName(user),
    }));
    if (chosen && chosen.id === value && !list.some((option) => option.value === chosen.id)) {
      list.unshift({ value: chosen.id, label: chosen.name });
    }
    return list;
  }, [users.data, chosen, value]);

  return (
    <Select<number | null>
      {...rest}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      onOpenChange={setOpen}
      onChange={(employeeId) => {
        const option = options.find((item) => item.value === employeeId);
        setChosen(option ? { id: option.value, name: option.label } : null);
        setSearch('');
        onChange?.(employeeId ?? null);
      }}
      placeholder="Начните вводить фамилию"
      loading={users.isFetching}
      notFoundContent={users.isFetching ? 'Загрузка…' : 'Никого не нашлось'}
      options={options}
    />
  );
}
