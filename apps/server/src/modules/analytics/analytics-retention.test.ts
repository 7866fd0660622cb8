import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseEnv } from '../../config/env.ts';
import { analyticsEvents } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { deleteExpiredEvents } from './analytics-retention.ts';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('deleteExpiredEvents', () => {
  it('deletes only events received before the retention period', async () => {
    const now = Date.parse('2026-06-30T12:00:00Z');
    const deviceId = randomUUID();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
    await t.database.db.insert(analyticsEvents).values(
      [181, 180.01, 179.99, 1].map((daysAgo) => ({
        receivedAt: at(daysAgo),
        occurredAt: at(daysAgo),
        name: 'sign_in',
        deviceId,
        appVersion: '1.0.0',
        props: {},
      })),
    );

    expect(await deleteExpiredEvents(t.database.db, 180, now)).toBe(2);
    const left = await t.database.db
      .select({ receivedAt: analyticsEvents.receivedAt })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.deviceId, deviceId))
      .orderBy(analyticsEvents.receivedAt);
    expect(left.map((row) => row.receivedAt.getTime())).toEqual([at(179.99), at(1)].map(Number));

    expect(await deleteExpiredEvents(t.database.db, 180, now)).toBe(0);
  });

  it('reads ANALYTICS_RETENTION_DAYS: 180 by default, a bad value named at start-up', () => {
    expect(parseEnv({}).ANALYTICS_RETENTION_DAYS).toBe(180);
    expect(parseEnv({ ANALYTICS_RETENTION_DAYS: '30' }).ANALYTICS_RETENTION_DAYS).toBe(30);
    for (const bad of ['0', 'half a year', '1.5']) {
      expect(() => parseEnv({ ANALYTICS_RETENTION_DAYS: bad })).toThrow(/ANALYTICS_RETENTION_DAYS/);
    }
  });
});
