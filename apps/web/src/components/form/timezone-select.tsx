import { Select } from 'antd';
import { useMemo } from 'react';

/** Russia's zones with the city people know them by, west to east. */
const RUSSIAN_ZONES: ReadonlyArray<readonly [zone: string, city: string]> = [
  ['Europe/Kaliningrad', 'Калининград'],
  ['Europe/Moscow', 'Москва'],
  ['Europe/Simferopol', 'Симферополь'],
  ['Europe/Kirov', 'Киров'],
  ['Europe/Volgograd', 'Волгоград'],
  ['Europe/Astrakhan', 'Астрахань'],
  ['Europe/Samara', 'Самара'],
  ['Europe/Saratov', 'Саратов'],
  ['Europe/Ulyanovsk', 'Ульяновск'],
  ['Asia/Yekaterinburg', 'Екатеринбург'],
  ['Asia/Omsk', 'Омск'],
  ['Asia/Novosibirsk', 'Новосибирск'],
  ['Asia/Barnaul', 'Барнаул'],
  ['Asia/Tomsk', 'Томск'],
  ['Asia/Novokuznetsk', 'Новокузнецк'],
  ['Asia/Krasnoyarsk', 'Красноярск'],
  ['Asia/Irkutsk', 'Иркутск'],
  ['Asia/Chita', 'Чита'],
  ['Asia/Yakutsk', 'Якутск'],
  ['Asia/Khandyga', 'Хандыга'],
  ['Asia/Vladivostok', 'Владивосток'],
  ['Asia/Ust-Nera', 'Усть-Нера'],
  ['Asia/Magadan', 'Магадан'],
  ['Asia/Sakhalin', 'Сахалин'],
  ['Asia/Srednekolymsk', 'Среднеколымск'],
  ['Asia/Kamchatka', 'Камчатка'],
  ['Asia/Anadyr', 'Анадырь'],
];

const russianCities = new Map<string, string>(RUSSIAN_ZONES);

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes east of UTC for `zone` at `date` (0 when the runtime cannot tell). */
export function utcOffsetMinutes(zone: string, date = new Date()): number {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value;
    const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name ?? '');
    if (!match) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
    return match[1] === '-' ? -minutes : minutes;
  } catch {
    return 0;
  }
}

/** «UTC+3», «UTC−3:30», «UTC». */
export function formatUtcOffset(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '−';
  const absolute = Math.abs(minutes);
  const hours = Math.floor(absolute / 60);
  const rest = absolute % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** «Москва (UTC+3)» for Russia's zones, «Europe/Berlin (UTC+1)» for the rest. */
export function timezoneLabel(zone: string, date = new Date()): string {
  const name = russianCities.get(zone) ?? zone.replaceAll('_', ' ');
  return `${name} (${formatUtcOffset(utcOffsetMinutes(zone, date))})`;
}

export type TimezoneOption = { value: string; label: string; search: string };
export type TimezoneGroup = { label: string; title: string; options: TimezoneOption[] };

function allZones(): string[] {
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return supported.filter((zone) => zone.includes('/'));
}

/**
 * Options for a timezone select: Russia's zones first (west to east), then every other IANA zone
 * by offset. `current` is kept even when the runtime's list lacks it (an old alias).
 */
export function timezoneGroups(current?: string | null, date = new Date()): TimezoneGroup[] {
  if (current && !isKnownZone(current)) current = null;
  return buildGroups(current ?? null, date);
}

/** The groups of the session (offsets as of the first call), cached: ~400 zones to format. */
let cachedGroups: TimezoneGroup[] | null = null;

function sessionGroups(current: string | null | undefined): TimezoneGroup[] {
  cachedGroups ??= buildGroups(null, new Date());
  const listed = cachedGroups.some((group) => group.options.some((o) => o.value === current));
  return !current || listed ? cachedGroups : timezoneGroups(current);
}

function buildGroups(current: string | null, date: Date): TimezoneGroup[] {
  const option = (zone: string): TimezoneOption => {
    const label = timezoneLabel(zone, date);
    return { value: zone, label, search: `${label} ${zone}` };
  };
  const russian = RUSSIAN_ZONES.map(([zone]) => zone).filter(isKnownZone);
  const russianSet = new Set(russian);
  const others = new Set(allZones().filter((zone) => !russianSet.has(zone)));
  others.add('UTC');
  if (current && !russianSet.has(current)) others.add(current);
  const sortedOthers = [...others]
    .map((zone) => ({ zone, offset: utcOffsetMinutes(zone, date) }))
    .sort((a, b) => a.offset - b.offset || a.zone.localeCompare(b.zone))
    .map(({ zone }) => option(zone));
  return [
    { label: 'Россия', title: 'Россия', options: russian.map(option) },
    { label: 'Другие страны', title: 'Другие страны', options: sortedOthers },
  ];
}

type TimezoneSelectProps = {
  value?: string | null;
  onChange?: (zone: string) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
};

/** An IANA timezone with search; Russia's zones come first, labelled «Москва (UTC+3)». */
export function TimezoneSelect({ value, onChange, placeholder, ...rest }: TimezoneSelectProps) {
  const groups = useMemo(() => sessionGroups(value), [value]);
  return (
    <Select
      {...rest}
      showSearch={{ optionFilterProp: 'search' }}
      value={value ?? undefined}
      onChange={(zone: string) => onChange?.(zone)}
      placeholder={placeholder ?? 'Выберите часовой пояс'}
      notFoundContent="Ничего не найдено"
      options={groups}
    />
  );
}
