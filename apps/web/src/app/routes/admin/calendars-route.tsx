import { App, Button, Card, Empty, Grid, Select, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useBlocker, useSearchParams } from 'react-router';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { useCountries } from '../../../features/countries/api/get-countries.ts';
import { useCountryCalendar } from '../../../features/production-calendars/api/get-country-calendar.ts';
import { useCountryCalendars } from '../../../features/production-calendars/api/get-country-calendars.ts';
import { CountryCalendarEditor } from '../../../features/production-calendars/components/country-calendar-editor.tsx';

const DEFAULT_COUNTRY = 'RU';

function parseCountry(value: string | null): string {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) ? code : DEFAULT_COUNTRY;
}

function parseYear(value: string | null, fallback: number): number {
  const year = Number(value);
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : fallback;
}

/** «Производственный календарь»: the super admin keeps each country's holidays and transfers. */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const currentYear = new Date().getFullYear();
  const country = parseCountry(searchParams.get('country'));
  const year = parseYear(searchParams.get('year'), currentYear);
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;

  const countries = useCountries();
  const stored = useCountryCalendars();
  const calendar = useCountryCalendar(country, year);
  const previousYear = useCountryCalendar(country, year - 1, calendar.data?.stored === false);
  const [dirty, setDirty] = useState(false);

  // Another country, year or page would drop the unsaved dates: ask first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: 'Уйти без сохранения?',
      content: 'Изменения производственного календаря не сохранены и пропадут.',
      okText: 'Уйти',
      okButtonProps: { danger: true },
      cancelText: 'Остаться',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const select = (next: { country?: string; year?: number }) =>
    setSearchParams(
      { country: next.country ?? country, year: String(next.year ?? year) },
      { replace: true },
    );

  const countryOptions = (countries.data ?? []).map((item) => ({
    value: item.code,
    label: item.name,
  }));
  if (!countryOptions.some((option) => option.value === country))
    countryOptions.unshift({ value: country, label: country });
  const countryName = countryOptions.find((option) => option.value === country)?.label ?? country;

  const storedYears = new Map(
    (stored.data?.items ?? [])
      .filter((item) => item.country === country)
      .map((item) => [item.year, item]),
  );
  const years = new Set([currentYear - 1, currentYear, currentYear + 1, currentYear + 2, year]);
  for (const storedYear of storedYears.keys()) years.add(storedYear);
  const yearOptions = [...years]
    .sort((a, b) => a - b)
    .map((value) => {
      const item = storedYears.get(value);
      let note = '';
      if (stored.data)
        note = item ? (item.provisional ? ' — предварительный' : '') : ' — не заполнен';
      return { value, label: `${value}${note}` };
    });

  let body;
  if (calendar.data) {
    body = (
      <CountryCalendarEditor
        key={`${country}:${year}:${calendar.data.updatedAt ?? 'new'}`}
        calendar={calendar.data}
        countryName={countryName}
        previousYear={previousYear.data}
        onDirtyChange={setDirty}
      />
    );
  } else if (calendar.isError) {
    body = (
      <Empty description="Не удалось загрузить производственный календарь">
        <Button onClick={() => void calendar.refetch()}>Повторить</Button>
      </Empty>
    );
  } else {
    body = <Skeleton active paragraph={{ rows: 12 }} />;
  }

  return (
    <Page title={titles.admin.calendars}>
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <div className="smena-pcal-toolbar">
          <div className="smena-pcal-toolbar__field">
            <label htmlFor="pcal-country">Страна</label>
            <Select
              id="pcal-country"
              value={country}
              options={countryOptions}
              loading={countries.isPending}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(value: string) => select({ country: value })}
              style={{ width: isPhone ? '100%' : 220 }}
            />
          </div>
          <div className="smena-pcal-toolbar__field">
            <label htmlFor="pcal-year">Год</label>
            <Select
              id="pcal-year"
              value={year}
              options={yearOptions}
              onChange={(value: number) => select({ year: value })}
              style={{ width: isPhone ? '100%' : 200 }}
            />
          </div>
        </div>
        {body}
      </Card>
    </Page>
  );
}
