import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import { REMINDERS_COMPANY_JOB } from './reminders.ts';

let t: TestApp;
let company: TestCompany;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
});
afterAll(async () => {
  await t.close();
});

const queued = async () =>
  (await t.database.db.select().from(jobs).where(eq(jobs.kind, REMINDERS_COMPANY_JOB))).filter(
    (job) => (job.payload as { companyId: number }).companyId === company.companyId,
  );

describe('reminders follow plan changes', () => {
  it('queues a re-planning after a successful change of the company calendar, not after a refused one', async () => {
    const token = company.admin.tokens.accessToken;
    const refused = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/calendar/days/2026-13-01',
      token,
      body: { kind: 'HOLIDAY' },
    });
    expect(refused.statusCode).toBe(422);
    expect(await queued()).toHaveLength(0);

    const saved = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/calendar/days/2026-12-30',
      token,
      body: { kind: 'HOLIDAY' },
    });
    expect(saved.statusCode).toBe(200);
    await expect.poll(async () => (await queued()).length).toBe(1);
  });
});
