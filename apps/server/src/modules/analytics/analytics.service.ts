import {
  analyticsEventNames,
  type AdminAnalytics,
  type AdminAnalyticsQuerySchema,
  type AnalyticsBatch,
  type AnalyticsEventName,
  type AnalyticsPreference,
} from '@smena/contract';
import { addDays, daysBetween, eachDate, weekdayIndex } from '@smena/time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { RemoteConfigService } from '../remote-config/index.ts';
import { clampOccurredAt, normalizeRoute, pickProps } from './analytics-sanitizer.ts';
import { createAnalyticsRepository, type NewAnalyticsEvent } from './analytics.repository.ts';

type AdminAnalyticsValues = z.output<typeof AdminAnalyticsQuerySchema>;

/** The longest period of the super admin's analytics, both ends included. */
export const MAX_ANALYTICS_RANGE_DAYS = 366;
const TOP_LIMIT = 10;
const EVENT_NAMES: ReadonlySet<string> = new Set(analyticsEventNames);

const mondayOf = (date: string) => addDays(date, -weekdayIndex(date));
const startOfDay = (date: string) => new Date(`${date}T00:00:00Z`);

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/**
 * Product analytics kept on our own server: events from the SPA (no personal data), each user's
 * choice to switch them off, and the super admin's figures.
 */
export function createAnalyticsService(deps: {
  db: Db;
  remoteConfig: RemoteConfigService;
  now?: () => number;
}) {
  const { remoteConfig } = deps;
  const repository = createAnalyticsRepository(deps.db);
  const now = deps.now ?? Date.now;

  return {
    /**
     * Stores a batch unless analytics are off (`analytics.enabled`, or the user's own choice):
     * user, company and role come from the verified token only. A super admin inside a company
     * is not that company's usage: such events are kept without user and company.
     */
    async recordBatch(auth: AuthContext | null, batch: AnalyticsBatch): Promise<number> {
      const person = auth && auth.impersonatorId === null ? auth : null;
      const companyId = person?.companyId ?? null;
      const chooserId = auth ? (auth.impersonatorId ?? auth.userId) : null;
      const [values, preference] = await Promise.all([
        remoteConfig.getValues(companyId),
        chooserId === null ? Promise.resolve(null) : repository.findPreference(chooserId),
      ]);
      if (values['analytics.enabled'] === false || preference === false) return 0;

      const nowMs = now();
      const receivedAt = new Date(nowMs);
      const rows: NewAnalyticsEvent[] = batch.events.map((event) => ({
        receivedAt,
        occurredAt: clampOccurredAt(event.occurredAt, nowMs),
        name: event.name,
        route: event.route === undefined ? null : normalizeRoute(event.route),
        props: pickProps(event.props),
        deviceId: batch.deviceId,
        userId: person?.userId ?? null,
        companyId,
        role: person?.role ?? null,
        appVersion: batch.appVersion,
      }));
      await repository.insertEvents(rows);
      return rows.length;
    },

    async getPreference(auth: AuthContext): Promise<AnalyticsPreference> {
      return { enabled: (await repository.findPreference(auth.userId)) ?? true };
    },

    async setPreference(auth: AuthContext, enabled: boolean): Promise<AnalyticsPreference> {
      if (auth.impersonatorId !== null) {
        throw AppError.forbidden('Эту настройку меняет только сам пользователь');
      }
      await repository.upsertPreference(auth.userId, enabled);
      return { enabled };
    },

    /** DAU, WAU, active companies, most used features and pages, the registration funnel. */
    async getAdminAnalytics(query: AdminAnalyticsValues): Promise<AdminAnalytics> {
      const { from, to, companyId } = query;
      const span = daysBetween(from, to);
      if (span < 0) throw AppError.validation('to', 'Конец периода раньше начала');
      if (span + 1 > MAX_ANALYTICS_RANGE_DAYS) {
        throw AppError.validation('to', `Период — не больше ${MAX_ANALYTICS_RANGE_DAYS} дней`);
      }
      const range = { from: startOfDay(from), to: startOfDay(addDays(to, 1)), companyId };
      const [active, usage, funnel] = await Promise.all([
        repository.countActive(range),
        repository.countUsage(range),
        repository.countFunnel(range),
      ]);

      const weekStarts: string[] = [];
      for (let week = mondayOf(from); week <= to; week = addDays(week, 7)) weekStarts.push(week);
      const features = new Map<AnalyticsEventName, number>();
      const pages: { route: string; views: number }[] = [];
      for (const row of usage) {
        if (!EVENT_NAMES.has(row.name)) continue;
        const name = row.name as AnalyticsEventName;
        if (name !== 'page_view') features.set(name, (features.get(name) ?? 0) + row.events);
        else if (row.route !== null) pages.push({ route: row.route, views: row.events });
      }
      return {
        from,
        to,
        dailyActiveUsers: eachDate(from, to).map((date) => ({
          date,
          users: active.days.get(date) ?? 0,
        })),
        weeklyActiveUsers: weekStarts.map((weekStart) => ({
          weekStart,
          users: active.weeks.get(weekStart) ?? 0,
        })),
        activeCompanies: active.companies,
        topFeatures: [...features]
          .map(([name, events]) => ({ name, events }))
          .sort((a, b) => b.events - a.events || a.name.localeCompare(b.name))
          .slice(0, TOP_LIMIT),
        topPages: pages
          .sort((a, b) => b.views - a.views || a.route.localeCompare(b.route))
          .slice(0, TOP_LIMIT),
        funnel,
      };
    },
  };
}
