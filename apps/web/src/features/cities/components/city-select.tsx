import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useCities } from '../api/get-cities.ts';

export type CitySelectProps = {
  /** ISO code of the country whose cities are offered (the company's). */
  country?: string | null;
  value?: number | null;
  onChange?: (cityId: number | null) => void;
  /** The city already chosen, so that its name shows before the list loads. */
  initialCity?: { id: number; name: string } | null;
  id?: string;
  disabled?: boolean;
};

const SEARCH_DELAY_MS = 300;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** A city of the country, searched on the server as the person types. */
export function CitySelect({ country, value, onChange, initialCity, ...rest }: CitySelectProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const debouncedSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  // The list is asked for only when the person opens the select.
  const cities = useCities({ country, search: debouncedSearch }, open || Boolean(search));
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(initialCity ?? null);

  const options = useMemo(() => {
    const list = (cities.data ?? []).map((city) => ({ value: city.id, label: city.name }));
    // Keep the chosen city's name on screen when a search no longer lists it.
    if (chosen && chosen.id === value && !list.some((option) => option.value === chosen.id)) {
      list.unshift({ value: chosen.id, label: chosen.name });
    }
    return list;
  }, [cities.data, chosen, value]);

  return (
    <Select<number | null>
      {...rest}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      onOpenChange={setOpen}
      onChange={(cityId) => {
        const option = options.find((item) => item.value === cityId);
        setChosen(option ? { id: option.value, name: option.label } : null);
        setSearch('');
        onChange?.(cityId ?? null);
      }}
      placeholder="Начните вводить название"
      loading={cities.isFetching}
      notFoundContent={cities.isFetching ? 'Загрузка…' : 'Город не найден'}
      options={options}
    />
  );
}
