import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, call, type SentSms, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, createCompany, uniquePhone } from '../../../test/factories.ts';

/** restore-account and change-new-password must not tell a registered phone from any other. */

let t: TestApp;
/** The same database behind an SMS gateway that takes its time, as real ones do. */
let slowSmsApp: FastifyInstance;
const slowSms: SentSms[] = [];
const SMS_GATEWAY_MS = 25;
let companyId: number;
beforeAll(async () => {
  // The per-IP ceiling of these routes is not what is tested here (every inject is 127.0.0.1).
  t = await buildTestApp({ OTP_IP_RATE_LIMIT: '100000' });
  slowSmsApp = await buildApp({
    env: t.env,
    database: t.database,
    webRoot: null,
    sms: {
      async send(phone, text) {
        await sleep(SMS_GATEWAY_MS);
        slowSms.push({ phone, text });
      },
    },
  });
  companyId = (await createCompany(t.app)).companyId;
});
afterAll(async () => {
  await slowSmsApp.close();
  await t.close();
});

const restore = (phone: string, app = t.app) =>
  call(app, { method: 'POST', url: '/api/v1/auth/restore-account', payload: { phone } });
const changePassword = (phone: string, otp: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/change-new-password',
    payload: { phone, otp, password: 'a-brand-new-password' },
  });

async function knownPhone(): Promise<string> {
  return (await addMember(t.database.db, companyId, 'EMPLOYEE')).user.phone;
}

/** What a client can see of an answer, the time aside. */
const visible = (response: Awaited<ReturnType<typeof call>>) => ({
  statusCode: response.statusCode,
  body: response.data,
  retryAfter: response.headers['retry-after'] !== undefined,
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

describe('a known and an unknown phone', () => {
  it('get the same answers from change-new-password, before and after a restore request', async () => {
    const known = await knownPhone();
    const unknown = uniquePhone();
    expect(visible(await changePassword(known, '000000'))).toEqual(
      visible(await changePassword(unknown, '000000')),
    );
    expect(visible(await restore(known))).toEqual(visible(await restore(unknown)));
    const code = t.sms.findLast((sms) => sms.phone === known)!.text.match(/\d{6}/)![0];
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 6; attempt++) {
      const fromKnown = await changePassword(known, wrong);
      const fromUnknown = await changePassword(unknown, wrong);
      expect(visible(fromKnown)).toEqual(visible(fromUnknown));
      expect(fromKnown.statusCode).toBe(attempt < 5 ? 422 : 429);
    }
    // A repeat within the minute answers the same too.
    expect(visible(await restore(known))).toEqual(visible(await restore(unknown)));
  });

  it('take the same time to answer restore-account', async () => {
    const known: string[] = [];
    for (let i = 0; i < 20; i++) known.push(await knownPhone());
    const unknown = Array.from({ length: 20 }, () => uniquePhone());
    // Warm up both paths (statement caches, JIT) before measuring.
    await restore(await knownPhone(), slowSmsApp);
    await restore(uniquePhone(), slowSmsApp);
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 20; i++) {
      // Interleaved, so that a slow moment of the machine hits both series alike.
      for (const [kind, phone] of [
        ['known', known[i]!],
        ['unknown', unknown[i]!],
      ] as const) {
        const started = process.hrtime.bigint();
        const response = await restore(phone, slowSmsApp);
        timings[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
        expect(response.statusCode).toBe(200);
      }
    }
    const ratio = median(timings.known) / median(timings.unknown);
    expect(ratio).toBeGreaterThan(1 / 1.5);
    expect(ratio).toBeLessThan(1.5);
    // Every known phone was sent its code all the same, after the answer; no other phone was.
    await sleep(SMS_GATEWAY_MS * 4);
    for (const phone of known) expect(slowSms.some((sms) => sms.phone === phone)).toBe(true);
    for (const phone of unknown) expect(slowSms.some((sms) => sms.phone === phone)).toBe(false);
  });
});
