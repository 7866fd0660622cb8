import type { AdminAnalytics } from '@smena/contract';
import dayjs from 'dayjs';
import { paths } from '../../config/paths.ts';
import { titles } from '../../config/titles.ts';
import { DATE_FORMAT } from '../../lib/dates.ts';

export const DEFAULT_PERIOD_DAYS = 30;

/** The last `days` days up to `today` (both included), `yyyy-MM-dd`. */
export function lastDays(today: string, days = DEFAULT_PERIOD_DAYS): [string, string] {
  return [
    dayjs(today)
      .subtract(days - 1, 'day')
      .format(DATE_FORMAT),
    today,
  ];
}

/** Every date of the period with its users (0 where the server had no row). */
export function fillDays(
  from: string,
  to: string,
  rows: AdminAnalytics['dailyActiveUsers'],
): AdminAnalytics['dailyActiveUsers'] {
  const byDate = new Map(rows.map((row) => [row.date, row.users]));
  const result: AdminAnalytics['dailyActiveUsers'] = [];
  const end = dayjs(to);
  // A runaway period (a typo in a year) stops at a sensible length.
  for (let day = dayjs(from); !day.isAfter(end) && result.length < 800; day = day.add(1, 'day')) {
    const date = day.format(DATE_FORMAT);
    result.push({ date, users: byDate.get(date) ?? 0 });
  }
  return result;
}

/** Average daily users over the days of the period, to one decimal. */
export function averageUsers(days: AdminAnalytics['dailyActiveUsers']): number {
  if (days.length === 0) return 0;
  const total = days.reduce((sum, day) => sum + day.users, 0);
  return Math.round((total / days.length) * 10) / 10;
}

export function peakUsers(days: AdminAnalytics['dailyActiveUsers']): number {
  return days.reduce((max, day) => Math.max(max, day.users), 0);
}

/**
 * The week for «Пользователей за неделю»: the last one that ended by `to`, as the current week's
 * first days would understate it; the last one when none has ended.
 */
export function latestWeek(
  weeks: AdminAnalytics['weeklyActiveUsers'],
  to: string,
): AdminAnalytics['weeklyActiveUsers'][number] | undefined {
  const ended = weeks.filter(
    (week) => dayjs(week.weekStart).add(6, 'day').format(DATE_FORMAT) <= to,
  );
  return ended.at(-1) ?? weeks.at(-1);
}

/** Whole percent of `part` in `whole`; 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

export type FunnelStep = {
  key: 'registered' | 'withEmployee' | 'withCheck';
  label: string;
  companies: number;
  /** Of those who registered. */
  percent: number;
  /** Of the step before (undefined for the first). */
  fromPrevious: number | undefined;
};

/** Зарегистрировались → Добавили сотрудника → Первая отметка, with their shares. */
export function funnelSteps(funnel: AdminAnalytics['funnel']): FunnelStep[] {
  const steps = [
    { key: 'registered', label: 'Зарегистрировались', companies: funnel.registered },
    { key: 'withEmployee', label: 'Добавили сотрудника', companies: funnel.withEmployee },
    { key: 'withCheck', label: 'Первая отметка', companies: funnel.withCheck },
  ] as const;
  return steps.map((step, index) => ({
    ...step,
    percent:
      index === 0 ? (step.companies > 0 ? 100 : 0) : percentOf(step.companies, funnel.registered),
    fromPrevious:
      index === 0 ? undefined : percentOf(step.companies, steps[index - 1]?.companies ?? 0),
  }));
}

const a = titles.admin;
const c = titles.company;

/** Russian names of the app's pages by route pattern, for «Популярные страницы». */
const pageLabels: Record<string, string> = {
  [paths.home]: titles.home,
  [paths.login]: titles.login,
  [paths.register]: titles.register,
  [paths.registerWithLink]: titles.registerWithLink,
  [paths.restore]: titles.restore,
  '/not-found': titles.notFound,
  [paths.public.privacy]: 'Политика конфиденциальности',
  [paths.public.refund]: 'Возврат средств',
  [paths.public.support]: 'Поддержка',
  [paths.public.howItWorks]: 'Как это работает',
  [paths.public.termsOfUse]: 'Пользовательское соглашение',
  [paths.public.descriptionPayment]: 'Описание оплаты',
  [paths.admin.dashboard]: `${a.dashboard} (супер админ)`,
  [paths.admin.companies]: a.companies,
  [paths.admin.users]: a.users,
  [paths.admin.plan]: a.plan,
  [paths.admin.settings.profile]: `${a.profile} (супер админ)`,
  [paths.admin.settings.countries]: a.countries,
  [paths.admin.settings.cities]: a.cities,
  [paths.admin.settings.calendars]: a.calendars,
  [paths.admin.settings.appConfig]: a.appConfig,
  [paths.company.dashboard]: c.dashboard,
  [paths.company.plan]: c.plan,
  [paths.company.employees]: c.employees,
  [paths.company.employeePattern]: 'Карточка сотрудника',
  [paths.company.calendar]: c.calendar,
  [paths.company.checks]: c.checks,
  [paths.company.structures.branches]: c.branches,
  [paths.company.structures.departments]: c.departments,
  [paths.company.structures.positions]: c.positions,
  [paths.company.workStructures.schedules]: c.schedules,
  [paths.company.workStructures.weekends]: c.weekends,
  [paths.company.reports.report]: c.report,
  [paths.company.reports.reportCard]: c.reportCard,
  [paths.company.profile.user]: c.profile,
  [paths.company.profile.organization]: c.organization,
  [paths.company.profile.notification]: c.notification,
  [paths.company.profile.apikey]: c.apikey,
  [paths.company.profile.kiosks]: c.kiosks,
};

/** «Сотрудники» for `/company/employees`; the pattern itself for a page without a name. */
export function pageLabel(route: string): string | undefined {
  return pageLabels[route];
}

/** `dd.MM` for a chart's axis. */
export function shortDate(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}`;
}
