import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { employees, users } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, unique, uniquePhone, type TestCompany } from '../../../test/factories.ts';
import { DEFAULT_PASSWORD } from '../../../test/test-constants.ts';

/**
 * Issue 14: an ADMIN of a trial company «adds» another company's ADMIN by email, rewrites that
 * account's email and phone, restores its password by SMS to the new phone and logs in as the
 * other company's ADMIN. Every step must be refused.
 */
let t: TestApp;
let victim: TestCompany;
let attacker: TestCompany;

beforeAll(async () => {
  t = await buildTestApp();
  victim = await createCompany(t.app);
  attacker = await createCompany(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('cross-tenant account takeover', () => {
  it('is refused at every step of the chain', async () => {
    const attackerToken = attacker.admin.tokens.accessToken;
    const attackerPhone = uniquePhone();
    const attackerEmail = `attacker-${unique()}@example.ru`;

    // Step 1: «adding» the victim's email yields an invitation, not a membership.
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: attackerToken,
      payload: {
        firstName: 'Жертва',
        lastName: 'Жертвова',
        email: victim.admin.email,
        phone: attackerPhone,
        role: 'ADMIN',
      },
    });
    expect(created.statusCode).toBe(202);
    expect(created.data.invitation).toBeDefined();
    // The answer carries nothing of the account: no id, no name, no phone.
    expect(JSON.stringify(created.data)).not.toContain(victim.admin.phone);
    expect(created.data.invitation.userId).toBeUndefined();
    const memberships = await t.database.db
      .select()
      .from(employees)
      .where(eq(employees.userId, victim.adminUserId));
    expect(memberships.map((row) => row.companyId)).toEqual([victim.companyId]);

    // Nor does the list show the person.
    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees?search=${encodeURIComponent(victim.admin.email)}&status=ALL`,
      token: attackerToken,
    });
    expect(list.statusCode).toBe(200);
    expect(list.data.total).toBe(0);

    // Step 2: the company cannot touch the identity of an account it did not create, even its
    // own member's. The victim's own company cannot either.
    const victimAsMember = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/employee',
      token: victim.admin.tokens.accessToken,
    });
    for (const payload of [{ email: attackerEmail }, { phone: attackerPhone }]) {
      const patched = await call(t.app, {
        method: 'PATCH',
        url: `/api/v1/employees/${victimAsMember.data.id}`,
        token: attackerToken,
        payload,
      });
      expect(patched.statusCode).toBe(404);
    }

    // Even the victim's own company cannot rewrite the identity of an account it did not create.
    const ownCompanyPatch = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/employees/${victimAsMember.data.id}`,
      token: victim.admin.tokens.accessToken,
      payload: { email: attackerEmail, phone: attackerPhone },
    });
    expect(ownCompanyPatch.statusCode).toBe(422);
    expect(ownCompanyPatch.data.details.map((detail: { field: string }) => detail.field)).toEqual([
      'email',
      'phone',
    ]);

    // Step 3: the restore code goes to no phone the attacker holds.
    t.sms.length = 0;
    const restore = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/restore-account',
      payload: { phone: attackerPhone },
    });
    expect(restore.statusCode).toBe(200);
    expect(t.sms.filter((sms) => sms.phone === attackerPhone)).toEqual([]);
    const changed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/change-new-password',
      payload: { phone: attackerPhone, otp: '000000', password: 'Attacker-pass-1' },
    });
    expect(changed.statusCode).toBeGreaterThanOrEqual(400);

    // Step 4: no login as the victim with the attacker's email or password.
    for (const payload of [
      { email: attackerEmail, password: 'Attacker-pass-1' },
      { email: victim.admin.email, password: 'Attacker-pass-1' },
    ]) {
      const loginAttempt = await call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload,
      });
      expect(loginAttempt.statusCode).toBe(401);
    }

    // The victim's account is untouched and still logs in.
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, victim.adminUserId));
    expect(account!.email).toBe(victim.admin.email);
    expect(account!.phone).toBe(victim.admin.phone);
    const own = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: victim.admin.email, password: DEFAULT_PASSWORD },
    });
    expect(own.statusCode).toBe(200);
  });
});
