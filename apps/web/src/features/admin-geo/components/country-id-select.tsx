import type { Country } from '@smena/contract';
import { Select } from 'antd';
import type { CSSProperties } from 'react';

/** A country by its id, with search by name and ISO code. */
export function CountryIdSelect({
  countries,
  loading,
  value,
  onChange,
  id,
  allowClear,
  placeholder = 'Выберите страну',
  style,
  className,
  'aria-label': ariaLabel,
}: {
  countries: Country[] | undefined;
  loading?: boolean;
  value?: number | null;
  onChange?: (countryId: number | null) => void;
  id?: string;
  allowClear?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  className?: string;
  'aria-label'?: string;
}) {
  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      className={className}
      style={style}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'search' }}
      loading={loading}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={placeholder}
      notFoundContent={loading ? 'Загрузка…' : 'Ничего не найдено'}
      options={(countries ?? []).map((country) => ({
        value: country.id,
        label: country.name,
        search: `${country.name} ${country.code}`,
      }))}
    />
  );
}
