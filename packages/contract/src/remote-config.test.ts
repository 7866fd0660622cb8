import { describe, expect, it } from 'vitest';
import { isAnalyticsRoute } from './analytics-limits.ts';
import { AnalyticsRouteSchema, ConfigValueSchema, RemoteConfigSchema } from './analytics.ts';
import { isConfigValue, readRemoteConfig } from './remote-config.ts';

/** The shell's plain checks (no zod in the first load) must answer as the schemas do. */
describe('the shell’s guards and the schemas agree', () => {
  const values: unknown[] = [
    true,
    false,
    0,
    -1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '',
    'баннер',
    'x'.repeat(2000),
    'x'.repeat(2001),
    null,
    undefined,
    [],
    {},
    ['a'],
  ];

  it('on configuration values', () => {
    for (const value of values)
      expect(isConfigValue(value), String(value)).toBe(ConfigValueSchema.safeParse(value).success);
  });

  it('on answers of GET /config', () => {
    const answers: unknown[] = [
      { values: {}, ttlSeconds: 3600 },
      {
        values: { 'app.maintenanceBanner': 'Работы в 22:00', 'features.comments': false },
        ttlSeconds: 60,
      },
      { values: { a: 'x'.repeat(2001) }, ttlSeconds: 60 },
      { values: { a: null }, ttlSeconds: 60 },
      { values: [], ttlSeconds: 60 },
      { values: {}, ttlSeconds: 1.5 },
      { values: {}, ttlSeconds: '60' },
      { values: {} },
      null,
      'config',
    ];
    for (const answer of answers) {
      const parsed = RemoteConfigSchema.safeParse(answer);
      if (parsed.success) expect(readRemoteConfig(answer)).toEqual(parsed.data);
      else expect(() => readRemoteConfig(answer), JSON.stringify(answer)).toThrow(TypeError);
    }
  });

  it('on analytics routes', () => {
    const routes = [
      '/',
      '/company/employees/:id',
      '/company/calendar',
      'company',
      '/company/employees?x=1',
      '/Привет',
      `/${'a'.repeat(199)}`,
      `/${'a'.repeat(200)}`,
    ];
    for (const route of routes)
      expect(isAnalyticsRoute(route), route).toBe(AnalyticsRouteSchema.safeParse(route).success);
  });
});
