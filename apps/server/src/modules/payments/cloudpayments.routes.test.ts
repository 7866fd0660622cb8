import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CreatePaymentResultSchema,
  PublicConfigSchema,
  addMonths,
  type Payment,
} from '@smena/contract';
import { companies, payments } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import { signCloudPaymentsBody } from './cloudpayments.ts';

const SECRET = 'cp-secret-used-only-in-tests';
const PUBLIC_ID = 'pk_0123456789abcdef';

let t: TestApp;
let company: TestCompany;

beforeAll(async () => {
  t = await buildTestApp({ CLOUDPAYMENTS_PUBLIC_ID: PUBLIC_ID, CLOUDPAYMENTS_API_SECRET: SECRET });
  company = await createCompany(t.app);
});
afterAll(async () => {
  await t.close();
});

async function createInvoice(owner = company, users = 10, months = 3) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/payments',
    token: owner.admin.tokens.accessToken,
    payload: { users, months },
  });
  expect(response.statusCode, response.body).toBe(201);
  return CreatePaymentResultSchema.parse(response.data);
}

function rubles(kopecks: number): string {
  return (kopecks / 100).toFixed(2);
}

function form(fields: Record<string, string | number>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) params.append(key, String(value));
  return params.toString();
}

function fieldsFor(payment: Payment, overrides: Record<string, string | number> = {}) {
  return {
    TransactionId: 900_000 + payment.id,
    Amount: rubles(payment.amountKopecks),
    Currency: 'RUB',
    InvoiceId: String(payment.id),
    AccountId: String(payment.companyId),
    Status: 'Completed',
    OperationType: 'Payment',
    CardFirstSix: '424242',
    CardLastFour: '4242',
    Name: 'IVAN PETROV',
    TestMode: 1,
    ...overrides,
  };
}

type Signing = 'content' | 'x-content' | 'none' | 'bad';

function notify(
  kind: 'check' | 'pay' | 'fail',
  body: string,
  options: { signing?: Signing; json?: boolean } = {},
) {
  const signing = options.signing ?? 'content';
  const signature = signCloudPaymentsBody(body, SECRET);
  const headers: Record<string, string> = {
    'content-type': options.json
      ? 'application/json'
      : 'application/x-www-form-urlencoded; charset=utf-8',
  };
  if (signing === 'content') headers['content-hmac'] = signature;
  if (signing === 'x-content') headers['x-content-hmac'] = signature;
  if (signing === 'bad') headers['content-hmac'] = signCloudPaymentsBody(body, 'wrong-secret');
  return call(t.app, {
    method: 'POST',
    url: `/api/v1/payments/cloudpayments/${kind}`,
    headers,
    payload: body,
  });
}

async function companyRow(companyId: number) {
  const [row] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
  return row!;
}

async function paymentRow(paymentId: number) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
  return row!;
}

describe('CloudPayments checkout', () => {
  it('tells the page to open the widget, and the public config names the provider', async () => {
    const { payment, checkout } = await createInvoice();
    expect(payment.provider).toBe('cloudpayments');
    expect(checkout).toEqual({
      provider: 'cloudpayments',
      publicId: PUBLIC_ID,
      description: expect.stringContaining(payment.number),
      amount: payment.amountKopecks / 100,
      currency: 'RUB',
      invoiceId: String(payment.id),
      accountId: String(company.companyId),
      email: company.admin.email,
    });
    const config = await call(t.app, { method: 'GET', url: '/api/v1/config/public' });
    expect(PublicConfigSchema.parse(config.data)).toMatchObject({
      paymentProvider: 'cloudpayments',
      cloudPaymentsPublicId: PUBLIC_ID,
    });
    expect(config.body).not.toContain(SECRET);
  });
});

describe('signature', () => {
  it('refuses a missing or wrong signature with code 13 and changes nothing', async () => {
    const { payment } = await createInvoice();
    const body = form(fieldsFor(payment));
    const before = await companyRow(company.companyId);
    for (const signing of ['none', 'bad'] as const) {
      for (const kind of ['check', 'pay', 'fail'] as const) {
        const response = await notify(kind, body, { signing });
        expect(response.statusCode).toBe(200);
        expect(response.data).toEqual({ code: 13 });
      }
    }
    expect((await paymentRow(payment.id)).status).toBe('PENDING');
    expect((await companyRow(company.companyId)).paidUntil).toEqual(before.paidUntil);
  });

  it('accepts the signature in X-Content-HMAC as well', async () => {
    const { payment } = await createInvoice();
    const response = await notify('check', form(fieldsFor(payment)), { signing: 'x-content' });
    expect(response.data).toEqual({ code: 0 });
  });
});

describe('Check', () => {
  it('accepts a matching invoice, form-urlencoded or JSON', async () => {
    const { payment } = await createInvoice();
    expect((await notify('check', form(fieldsFor(payment)))).data).toEqual({ code: 0 });
    const json = JSON.stringify({ ...fieldsFor(payment), Amount: payment.amountKopecks / 100 });
    expect((await notify('check', json, { json: true })).data).toEqual({ code: 0 });
  });

  it('refuses an unknown invoice (10), another account (11) and another amount (12)', async () => {
    const { payment } = await createInvoice();
    expect(
      (await notify('check', form(fieldsFor(payment, { InvoiceId: '2000000' })))).data,
    ).toEqual({
      code: 10,
    });
    expect((await notify('check', form(fieldsFor(payment, { InvoiceId: 'abc' })))).data).toEqual({
      code: 10,
    });
    expect((await notify('check', form(fieldsFor(payment, { AccountId: '999999' })))).data).toEqual(
      {
        code: 11,
      },
    );
    expect((await notify('check', form(fieldsFor(payment, { Amount: '1.00' })))).data).toEqual({
      code: 12,
    });
    expect((await notify('check', form(fieldsFor(payment, { Currency: 'USD' })))).data).toEqual({
      code: 12,
    });
    expect((await notify('check', '', {})).data).toEqual({ code: 10 });
  });
});

describe('Pay', () => {
  it('confirms the payment: paid-until extended by the months, limit set, trial over', async () => {
    const owner = await createCompany(t.app);
    const before = await companyRow(owner.companyId);
    const { payment } = await createInvoice(owner, 15, 6);
    const response = await notify('pay', form(fieldsFor(payment, { TransactionId: 555_001 })));
    expect(response.data).toEqual({ code: 0 });

    const after = await companyRow(owner.companyId);
    expect(after.paidUntil!.toISOString()).toBe(addMonths(before.paidUntil!, 6).toISOString());
    expect(after.userLimit).toBe(15);
    expect(after.isTrial).toBe(false);
    const row = await paymentRow(payment.id);
    expect(row).toMatchObject({ status: 'PAID', transactionId: '555001' });

    // A paid invoice is not offered for payment again.
    expect((await notify('check', form(fieldsFor(payment)))).data).toEqual({ code: 13 });
  });

  it('extends only once when the same TransactionId arrives twice', async () => {
    const owner = await createCompany(t.app);
    const { payment } = await createInvoice(owner, 10, 1);
    const body = form(fieldsFor(payment, { TransactionId: 555_002 }));
    expect((await notify('pay', body)).data).toEqual({ code: 0 });
    const once = (await companyRow(owner.companyId)).paidUntil;
    expect((await notify('pay', body)).data).toEqual({ code: 0 });
    expect((await companyRow(owner.companyId)).paidUntil).toEqual(once);
  });

  it('extends only once when pay notifications arrive at the same time', async () => {
    const owner = await createCompany(t.app);
    const before = await companyRow(owner.companyId);
    const { payment } = await createInvoice(owner, 10, 1);
    const body = form(fieldsFor(payment, { TransactionId: 555_003 }));
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify('pay', body)));
    expect(answers.map((answer) => answer.data)).toEqual(Array(5).fill({ code: 0 }));
    const after = await companyRow(owner.companyId);
    expect(after.paidUntil!.toISOString()).toBe(addMonths(before.paidUntil!, 1).toISOString());
  });

  it('does not confirm a payment whose amount differs from the invoice', async () => {
    const owner = await createCompany(t.app);
    const before = await companyRow(owner.companyId);
    const { payment } = await createInvoice(owner, 10, 1);
    const response = await notify('pay', form(fieldsFor(payment, { Amount: '1.00' })));
    expect(response.data).toEqual({ code: 12 });
    expect((await paymentRow(payment.id)).status).toBe('PENDING');
    expect((await companyRow(owner.companyId)).paidUntil).toEqual(before.paidUntil);
  });

  it('honours a payment that arrives after a failed attempt on the same invoice', async () => {
    const owner = await createCompany(t.app);
    const { payment } = await createInvoice(owner, 10, 1);
    const failed = await notify(
      'fail',
      form(
        fieldsFor(payment, {
          TransactionId: 555_004,
          Reason: 'InsufficientFunds',
          ReasonCode: 5051,
        }),
      ),
    );
    expect(failed.data).toEqual({ code: 0 });
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'FAILED',
      failureReason: 'InsufficientFunds',
    });
    const paid = await notify('pay', form(fieldsFor(payment, { TransactionId: 555_005 })));
    expect(paid.data).toEqual({ code: 0 });
    expect((await paymentRow(payment.id)).status).toBe('PAID');
  });
});

describe('without CloudPayments', () => {
  it('answers 404 to notifications when cards are off', async () => {
    const manual = await buildTestApp();
    try {
      const response = await call(manual.app, {
        method: 'POST',
        url: '/api/v1/payments/cloudpayments/pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'TransactionId=1',
      });
      expect(response.statusCode).toBe(404);
      const config = await call(manual.app, { method: 'GET', url: '/api/v1/config/public' });
      expect(config.data).toMatchObject({ paymentProvider: 'manual', cloudPaymentsPublicId: null });
    } finally {
      await manual.close();
    }
  });
});
