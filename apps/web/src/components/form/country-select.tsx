import type { Country } from '@smena/contract';
import { Select } from 'antd';

type CountrySelectProps = {
  countries: Country[] | undefined;
  loading?: boolean;
  value?: string | null;
  onChange?: (code: string) => void;
  id?: string;
  size?: 'small' | 'middle' | 'large';
  allowClear?: boolean;
};

/** Country by ISO code, with search; shows the calling code beside the name. */
export function CountrySelect({
  countries,
  loading,
  value,
  onChange,
  ...rest
}: CountrySelectProps) {
  return (
    <Select
      {...rest}
      showSearch={{ optionFilterProp: 'search' }}
      loading={loading}
      value={value ?? undefined}
      onChange={(code: string) => onChange?.(code)}
      placeholder="Выберите страну"
      notFoundContent={loading ? 'Загрузка…' : 'Ничего не найдено'}
      options={(countries ?? []).map((country) => ({
        value: country.code,
        label: `${country.name} (${country.phoneCode})`,
        search: `${country.name} ${country.code} ${country.phoneCode}`,
      }))}
    />
  );
}

/** The calling code of the country `code` (Russia's `+7` until the list has loaded). */
export function phoneCodeOf(
  countries: Country[] | undefined,
  code: string | null | undefined,
): string {
  return countries?.find((country) => country.code === code)?.phoneCode ?? '+7';
}
