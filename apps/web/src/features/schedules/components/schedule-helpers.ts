import {
  type AccountingPeriod,
  DEFAULT_SCHEDULE_COLOR,
  ScheduleDefinitionSchema,
  type ScheduleDefinition,
  type ScheduleDefinitionInput,
  type ScheduleType,
} from '@smena/contract';
import {
  RU_PRODUCTION_CALENDAR,
  addDays,
  cyclePreset,
  fixedWeek,
  nightWeek,
  planRange,
  scheduleLawWarnings,
  weekdayIndex,
  type CyclePresetName,
  type DayPlan,
  type ScheduleLawWarning,
} from '@smena/time';

export const WEEKDAYS_SHORT = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

export const SCHEDULE_TYPES: readonly ScheduleType[] = ['FIXED', 'FLEX', 'NIGHT', 'DYNAMIC'];

/** Colours offered by the picker; the first is the default of a new schedule. */
export const SCHEDULE_COLOR_PRESETS = [
  DEFAULT_SCHEDULE_COLOR,
  '#13c2c2',
  '#52c41a',
  '#faad14',
  '#fa8c16',
  '#f5222d',
  '#eb2f96',
  '#722ed1',
  '#2f54eb',
  '#8c8c8c',
];

// ---------------------------------------------------------------- form values

/** A span day of the form (FIXED, NIGHT, cycle); times `HH:mm`. */
export type SpanDayValues = {
  working: boolean;
  start?: string;
  end?: string;
  breakMinutes?: number | null;
};

export type FlexDayValues = {
  working: boolean;
  requiredMinutes?: number | null;
  coreStart?: string | null;
  coreEnd?: string | null;
  earliestStart?: string | null;
  latestEnd?: string | null;
  breakMinutes?: number | null;
};

type WeekValues<D> = { days: D[]; followsProductionCalendar: boolean };

/**
 * The form keeps a draft of every type, so switching the type back and forth loses nothing;
 * only the chosen one is sent.
 */
export type ScheduleFormValues = {
  title: string;
  color: string;
  type: ScheduleType;
  fixed: WeekValues<SpanDayValues>;
  night: WeekValues<SpanDayValues>;
  flex: WeekValues<FlexDayValues>;
  dynamic: { anchorDate?: string; cycle: SpanDayValues[]; followsProductionCalendar: boolean };
  /** Editing: the date a changed definition applies from (earlier dates keep theirs). */
  effectiveFrom: string;
  /** «Суммированный учёт»: the accounting period, or NONE for ordinary accounting. */
  accountingPeriod: AccountingPeriod | 'NONE';
};

/** The form key holding each type's draft. */
export const TYPE_KEY = {
  FIXED: 'fixed',
  FLEX: 'flex',
  NIGHT: 'night',
  DYNAMIC: 'dynamic',
} as const satisfies Record<ScheduleType, keyof ScheduleFormValues>;

export const WEEK_PRESETS = {
  fiveDay: { label: 'Пятидневка 09:00–18:00', type: 'FIXED' as const },
  sixDay: { label: 'Шестидневка', type: 'FIXED' as const },
  night: { label: 'Ночные 20:00–08:00', type: 'NIGHT' as const },
};
export type WeekPresetKey = keyof typeof WEEK_PRESETS;

/** The days of a weekly preset. */
export function weekPresetDays(key: WeekPresetKey): SpanDayValues[] {
  if (key === 'fiveDay')
    return fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 }).days.map(copy);
  if (key === 'sixDay')
    return fixedWeek({
      start: '09:00',
      end: '16:00',
      breakMinutes: 60,
      workingDays: [0, 1, 2, 3, 4, 5],
    }).days.map(copy);
  return nightWeek({ start: '20:00', end: '08:00', breakMinutes: 60 }).days.map(copy);
}

function copy<T extends object>(value: T): T {
  return { ...value };
}

export const CYCLE_PRESETS: { key: CyclePresetName; label: string }[] = [
  { key: '2/2', label: '2/2' },
  { key: '1/3', label: '1/3 (сутки через трое)' },
  { key: '5/2', label: '5/2' },
];

export function cyclePresetDays(key: CyclePresetName, anchorDate: string): SpanDayValues[] {
  return cyclePreset(key, { anchorDate }).cycle.map(copy);
}

const FLEX_DAY: FlexDayValues = {
  working: true,
  requiredMinutes: 480,
  coreStart: '11:00',
  coreEnd: '16:00',
  earliestStart: '07:00',
  latestEnd: '22:00',
  breakMinutes: 60,
};

export const MAX_CYCLE_LENGTH = 62;

/** The values the form opens with: the schedule's own draft and defaults for the other types. */
export function initialFormValues(
  schedule: {
    title: string;
    color: string;
    definition: ScheduleDefinition;
    definitionFrom?: string | null;
    accountingPeriod?: AccountingPeriod | null;
  } | null,
  today: string,
): ScheduleFormValues {
  const lastChange = schedule?.definitionFrom ?? null;
  const values: ScheduleFormValues = {
    effectiveFrom: lastChange !== null && lastChange > today ? lastChange : today,
    title: schedule?.title ?? '',
    color: schedule?.color ?? DEFAULT_SCHEDULE_COLOR,
    accountingPeriod: schedule?.accountingPeriod ?? 'NONE',
    type: schedule?.definition.type ?? 'FIXED',
    fixed: { days: weekPresetDays('fiveDay'), followsProductionCalendar: true },
    night: { days: weekPresetDays('night'), followsProductionCalendar: true },
    flex: {
      days: WEEKDAYS_SHORT.map((_, i) => ({ ...FLEX_DAY, working: i < 5 })),
      followsProductionCalendar: true,
    },
    dynamic: {
      anchorDate: today,
      cycle: cyclePresetDays('2/2', today),
      followsProductionCalendar: false,
    },
  };
  const definition = schedule?.definition;
  if (!definition) return values;
  switch (definition.type) {
    case 'FIXED':
      values.fixed = {
        days: definition.days.map(copy),
        followsProductionCalendar: definition.followsProductionCalendar,
      };
      break;
    case 'NIGHT':
      values.night = {
        days: definition.days.map(copy),
        followsProductionCalendar: definition.followsProductionCalendar,
      };
      break;
    case 'FLEX':
      values.flex = {
        days: definition.days.map((day) => ({ ...day })),
        followsProductionCalendar: definition.followsProductionCalendar,
      };
      break;
    case 'DYNAMIC':
      values.dynamic = {
        anchorDate: definition.anchorDate,
        cycle: definition.cycle.map(copy),
        followsProductionCalendar: definition.followsProductionCalendar,
      };
      break;
  }
  return values;
}

function span(day: SpanDayValues) {
  return {
    working: Boolean(day.working),
    start: day.start ?? '',
    end: day.end ?? '',
    breakMinutes: day.breakMinutes ?? 0,
  };
}

function optionalTime(value: string | null | undefined): string | undefined {
  return value ? value : undefined;
}

/** What the form's chosen type sends as `definition`. */
export function toDefinition(values: ScheduleFormValues): ScheduleDefinitionInput {
  switch (values.type) {
    case 'FIXED':
    case 'NIGHT': {
      const week = values[TYPE_KEY[values.type]];
      return {
        type: values.type,
        days: (week?.days ?? []).map(span),
        followsProductionCalendar: Boolean(week?.followsProductionCalendar),
      };
    }
    case 'FLEX':
      return {
        type: 'FLEX',
        days: (values.flex?.days ?? []).map((day) => ({
          working: Boolean(day.working),
          requiredMinutes: day.requiredMinutes ?? 0,
          coreStart: optionalTime(day.coreStart),
          coreEnd: optionalTime(day.coreEnd),
          earliestStart: optionalTime(day.earliestStart),
          latestEnd: optionalTime(day.latestEnd),
          breakMinutes: day.breakMinutes ?? 0,
        })),
        followsProductionCalendar: Boolean(values.flex?.followsProductionCalendar),
      };
    case 'DYNAMIC':
      return {
        type: 'DYNAMIC',
        anchorDate: values.dynamic?.anchorDate ?? '',
        cycle: (values.dynamic?.cycle ?? []).map(span),
        followsProductionCalendar: Boolean(values.dynamic?.followsProductionCalendar),
      };
  }
}

export type FieldPath = (string | number)[];

/** Where a definition's path (`['days', 0, 'end']`) lives in the form. */
export function formPathOfDefinition(type: ScheduleType, path: readonly PropertyKey[]): FieldPath {
  return [TYPE_KEY[type], ...path.map((part) => (typeof part === 'symbol' ? String(part) : part))];
}

/** A server field (`definition.days.0.end`, `title`) as a form path; null when it has none. */
export function formPathOfServerField(type: ScheduleType, field: string): FieldPath | null {
  const parts: (string | number)[] = field
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  if (parts[0] === 'title' || parts[0] === 'color' || parts[0] === 'effectiveFrom')
    return [parts[0]];
  if (parts[0] !== 'definition') return null;
  const rest = parts.slice(1);
  if (rest.length === 0 || rest[0] === 'type') return ['type'];
  return formPathOfDefinition(type, rest);
}

/** The definition's issue for one path of the chosen type, if any. */
export function definitionIssue(values: ScheduleFormValues, path: FieldPath): string | undefined {
  const result = ScheduleDefinitionSchema.safeParse(toDefinition(values));
  if (result.success) return undefined;
  const key = path.join('.');
  return result.error.issues.find((issue) => issue.path.map(String).join('.') === key)?.message;
}

/**
 * What the Labour Code says about the form's schedule (a week over 40 h, a long shift, night
 * shifts not shortened); none while the definition is not valid yet — its errors come first.
 */
export function lawWarnings(definition: ScheduleDefinitionInput): ScheduleLawWarning[] {
  const parsed = ScheduleDefinitionSchema.safeParse(definition);
  return parsed.success ? scheduleLawWarnings(parsed.data) : [];
}

// ---------------------------------------------------------------- durations and summaries

/** «8 ч», «7 ч 45 мин», «30 мин». */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} мин`;
  return rest === 0 ? `${hours} ч` : `${hours} ч ${rest} мин`;
}

type Span = { start: string; end: string; breakMinutes: number };

const sameSpan = (a: Span, b: Span) =>
  a.start === b.start && a.end === b.end && a.breakMinutes === b.breakMinutes;

/** Runs of consecutive working weekdays with the same hours: «Пн–Пт», «Сб». */
function weekGroups(
  days: readonly (Span & { working: boolean })[],
): { label: string; span: Span }[] {
  const groups: { from: number; to: number; span: Span }[] = [];
  days.forEach((day, i) => {
    if (!day.working) return;
    const last = groups[groups.length - 1];
    if (last && last.to === i - 1 && sameSpan(last.span, day)) last.to = i;
    else groups.push({ from: i, to: i, span: day });
  });
  return groups.map(({ from, to, span: s }) => ({
    label:
      from === to
        ? WEEKDAYS_SHORT[from]!
        : `${WEEKDAYS_SHORT[from]}${to - from === 1 ? ', ' : '–'}${WEEKDAYS_SHORT[to]}`,
    span: s,
  }));
}

function breakText(minutes: number): string {
  return minutes > 0 ? `перерыв ${minutes} мин` : 'без перерыва';
}

function weekSummary(days: readonly (Span & { working: boolean })[]): string {
  const groups = weekGroups(days);
  if (groups.length === 0) return 'Нет рабочих дней';
  const breaks = new Set(groups.map((g) => g.span.breakMinutes));
  const parts = groups.map((g) => `${g.label} ${g.span.start}–${g.span.end}`);
  if (breaks.size === 1) {
    const only = groups[0]!.span.breakMinutes;
    return only > 0 ? `${parts.join(', ')}, ${breakText(only)}` : parts.join(', ');
  }
  return groups
    .map((g) => `${g.label} ${g.span.start}–${g.span.end} (${breakText(g.span.breakMinutes)})`)
    .join(', ');
}

/** «2/2», «1/3», «5/2» — the run lengths of work and rest, starting with work. */
export function cyclePattern(cycle: readonly { working: boolean }[]): string {
  const runs: number[] = [];
  let current: boolean | null = null;
  for (const day of cycle) {
    if (day.working === current) runs[runs.length - 1]! += 1;
    else {
      runs.push(1);
      current = day.working;
    }
  }
  if (cycle[0] && !cycle[0].working) runs.unshift(0);
  if (runs.length % 2 === 1) runs.push(0);
  return runs.join('/');
}

/** One line about a schedule for lists: «Пн–Пт 09:00–18:00, перерыв 60 мин». */
export function scheduleSummary(definition: ScheduleDefinition): string {
  switch (definition.type) {
    case 'FIXED':
      return weekSummary(definition.days);
    case 'NIGHT': {
      const groups = weekGroups(definition.days);
      if (groups.length === 0) return 'Нет рабочих дней';
      const spans = new Set(groups.map((g) => `${g.span.start}–${g.span.end}`));
      if (spans.size === 1) {
        const working = definition.days.filter((day) => day.working).length;
        const days = working === 7 ? '' : `, ${groups.map((g) => g.label).join(', ')}`;
        return `Ночные ${[...spans][0]!}${days}`;
      }
      return `Ночные: ${weekSummary(definition.days)}`;
    }
    case 'FLEX': {
      const working = definition.days.filter((day) => day.working);
      if (working.length === 0) return 'Гибкий: нет рабочих дней';
      const first = working[0]!;
      const same = working.every(
        (day) =>
          day.requiredMinutes === first.requiredMinutes &&
          day.coreStart === first.coreStart &&
          day.coreEnd === first.coreEnd,
      );
      if (!same) {
        const total = working.reduce((sum, day) => sum + day.requiredMinutes, 0);
        return `Гибкий: ${formatMinutes(total)} в неделю`;
      }
      const core =
        first.coreStart && first.coreEnd ? `, ядро ${first.coreStart}–${first.coreEnd}` : '';
      return `Гибкий: ${formatMinutes(first.requiredMinutes)} в день${core}`;
    }
    case 'DYNAMIC': {
      const pattern = cyclePattern(definition.cycle);
      const working = definition.cycle.filter((day) => day.working);
      const first = working[0];
      const head = `${pattern} с ${definition.anchorDate}`;
      if (!first) return head;
      if (!working.every((day) => sameSpan(day, first))) return `${head}, разные смены`;
      const hours = first.start === first.end ? ' (сутки)' : '';
      return `${head}, ${first.start}–${first.end}${hours}`;
    }
  }
}

// ---------------------------------------------------------------- preview

export const PREVIEW_DAYS = 14;

export type PreviewDay = {
  date: string;
  /** 0 = Monday. */
  weekday: number;
  weekdayLabel: string;
  kind: DayPlan['kind'];
  /** «09:00–18:00 · 8 ч», «Выходной», «Праздник», «Гибкий · 8 ч». */
  text: string;
  /** A second line: the core time of a FLEX day, the shortened pre-holiday day. */
  note?: string;
  shortened: boolean;
};

/** `HH:mm` of an ISO instant written with the zone's offset. */
function wallTimeOf(iso: string): string {
  return iso.slice(11, 16);
}

function describe(plan: DayPlan): Pick<PreviewDay, 'text' | 'note' | 'shortened'> {
  switch (plan.kind) {
    case 'WORK': {
      const minutes = plan.shifts.reduce((sum, shift) => sum + shift.plannedMinutes, 0);
      if (plan.flex) {
        const core = plan.flex.core
          ? `ядро ${wallTimeOf(plan.flex.core.start)}–${wallTimeOf(plan.flex.core.end)}`
          : undefined;
        return {
          text: `Гибкий · ${formatMinutes(plan.flex.requiredMinutes)}`,
          note: core,
          shortened: plan.shortened,
        };
      }
      const times = plan.shifts
        .map((shift) => `${wallTimeOf(shift.start)}–${wallTimeOf(shift.end)}`)
        .join(', ');
      return {
        text: `${times} · ${formatMinutes(minutes)}`,
        note: plan.shortened ? 'Предпраздничный, короче на 1 ч' : undefined,
        shortened: plan.shortened,
      };
    }
    case 'HOLIDAY':
      return { text: 'Праздник', shortened: false };
    case 'REST':
      return { text: 'Выходной', shortened: false };
    case 'DAY_OFF':
      return { text: 'Отсутствие', shortened: false };
    case 'NO_SCHEDULE':
      return { text: 'Нет графика', shortened: false };
  }
}

/**
 * The next `days` dates of a schedule from `from`, computed by the same engine as the server:
 * in the company's time zone, with the Russian production calendar when the schedule follows it.
 * Null when the definition is not valid yet.
 */
export function previewDays(
  definition: ScheduleDefinitionInput,
  timezone: string,
  from: string,
  days = PREVIEW_DAYS,
): PreviewDay[] | null {
  const parsed = ScheduleDefinitionSchema.safeParse(definition);
  if (!parsed.success) return null;
  const schedule = parsed.data;
  let plans: DayPlan[];
  try {
    plans = planRange(
      {
        timezone,
        assignments: [{ effectiveFrom: from, schedule }],
        calendar: schedule.followsProductionCalendar ? RU_PRODUCTION_CALENDAR : undefined,
      },
      from,
      addDays(from, days - 1),
    );
  } catch {
    return null;
  }
  return plans.map((plan) => {
    const weekday = weekdayIndex(plan.date);
    return {
      date: plan.date,
      weekday,
      weekdayLabel: WEEKDAYS_SHORT[weekday]!,
      kind: plan.kind,
      ...describe(plan),
    };
  });
}
