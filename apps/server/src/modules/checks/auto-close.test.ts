import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { checkHistory, checks } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import { AUTO_CLOSE_REASON, closeForgottenChecks } from './auto-close.ts';
import { createBranch, employeeWithShift, memberWithToken } from './checks.test-helpers.ts';

const H = 3_600_000;
let t: TestApp;
let company: TestCompany;
let adminToken: string;
let branchId: number;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  branchId = (await createBranch(t, adminToken)).id;
});
afterAll(async () => {
  await t.close();
});

async function openCheck(employeeId: number, checkIn: Date) {
  const [row] = await t.database.db
    .insert(checks)
    .values({ companyId: company.companyId, employeeId, branchId, checkIn, source: 'WEB' })
    .returning();
  return row!;
}

async function stored(checkId: number) {
  const [row] = await t.database.db.select().from(checks).where(eq(checks.id, checkId));
  return row!;
}

describe('closeForgottenChecks', () => {
  it('closes at the shift end once the margin has passed, flagged, with AUTO_CLOSE history', async () => {
    const { employeeId, shift } = await employeeWithShift(t, company.companyId, adminToken);
    const check = await openCheck(employeeId, new Date(shift.startMs + 10 * 60_000));
    await closeForgottenChecks(t.database.db, shift.endMs + 30 * 60_000);
    expect((await stored(check.id)).checkOut).toBeNull();

    expect(
      await closeForgottenChecks(t.database.db, shift.endMs + 61 * 60_000),
    ).toBeGreaterThanOrEqual(1);
    const closed = await stored(check.id);
    expect(closed.checkOut!.getTime()).toBe(shift.endMs);
    expect(closed.autoClosed).toBe(true);
    const history = await t.database.db
      .select()
      .from(checkHistory)
      .where(eq(checkHistory.checkId, check.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'AUTO_CLOSE', reason: AUTO_CLOSE_REASON });
  });

  it('waits the company’s own margin, set on the organization page', async () => {
    const own = await createCompany(t.app);
    const token = own.admin.tokens.accessToken;
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile/company',
      headers: { authorization: `Bearer ${token}` },
      payload: { autoCloseMarginMinutes: 15 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ autoCloseMarginMinutes: 15 });
    const tooLong = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile/company',
      headers: { authorization: `Bearer ${token}` },
      payload: { autoCloseMarginMinutes: 721 },
    });
    expect(tooLong.statusCode).toBe(422);

    const ownBranch = (await createBranch(t, token)).id;
    const { employeeId, shift } = await employeeWithShift(t, own.companyId, token);
    const [check] = await t.database.db
      .insert(checks)
      .values({
        companyId: own.companyId,
        employeeId,
        branchId: ownBranch,
        checkIn: new Date(shift.startMs),
        source: 'WEB',
      })
      .returning();
    await closeForgottenChecks(t.database.db, shift.endMs + 10 * 60_000);
    expect((await stored(check!.id)).checkOut).toBeNull();
    await closeForgottenChecks(t.database.db, shift.endMs + 16 * 60_000);
    expect((await stored(check!.id)).checkOut!.getTime()).toBe(shift.endMs);
  });

  it('closes a check without a planned shift 16 hours after its check-in, not earlier', async () => {
    const { employeeId } = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const old = await openCheck(employeeId, new Date(Date.now() - 17 * H));
    const other = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const recent = await openCheck(other.employeeId, new Date(Date.now() - 2 * H));
    await closeForgottenChecks(t.database.db, Date.now());
    const closed = await stored(old.id);
    expect(closed.checkOut!.getTime()).toBe(old.checkIn.getTime() + 16 * H);
    expect(closed.autoClosed).toBe(true);
    expect((await stored(recent.id)).checkOut).toBeNull();
  });

  it('closes each check once when two instances run at the same moment', async () => {
    const { employeeId } = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const check = await openCheck(employeeId, new Date(Date.now() - 20 * H));
    await Promise.all([
      closeForgottenChecks(t.database.db, Date.now()),
      closeForgottenChecks(t.database.db, Date.now()),
    ]);
    const history = await t.database.db
      .select()
      .from(checkHistory)
      .where(and(eq(checkHistory.checkId, check.id), eq(checkHistory.action, 'AUTO_CLOSE')));
    expect(history).toHaveLength(1);
    expect((await stored(check.id)).autoClosed).toBe(true);
  });

  it('does not touch checks closed or deleted', async () => {
    const { employeeId } = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const [deleted] = await t.database.db
      .insert(checks)
      .values({
        companyId: company.companyId,
        employeeId,
        branchId,
        checkIn: new Date(Date.now() - 30 * H),
        source: 'WEB',
        deletedAt: new Date(),
      })
      .returning();
    await closeForgottenChecks(t.database.db, Date.now());
    expect((await stored(deleted!.id)).checkOut).toBeNull();
  });
});
