import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCloudPaymentsBody } from '../src/modules/payments/cloudpayments.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { createCompany, type TestCompany } from './factories.ts';

/**
 * The inputs that answered 500 before decision 011: each must now be a 422 (or a 404 for an id
 * of nothing) in the standard error shape, with the field named.
 */
let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let token: string;
const CLOUDPAYMENTS_SECRET = 'limits-secret';

beforeAll(async () => {
  t = await buildTestApp({
    CLOUDPAYMENTS_PUBLIC_ID: 'pk_test_limits',
    CLOUDPAYMENTS_API_SECRET: CLOUDPAYMENTS_SECRET,
  });
  company = await createCompany(t.app);
  other = await createCompany(t.app);
  token = company.admin.tokens.accessToken;
});
afterAll(async () => {
  await t.close();
});

function expectField(response: { statusCode: number; data: any }, field: string, status = 422) {
  expect(response.statusCode).toBe(status);
  expect(response.data.code).toBe('VALIDATION_ERROR');
  expect(response.data.details).toEqual(
    expect.arrayContaining([expect.objectContaining({ field })]),
  );
}

describe('text', () => {
  it('refuses NUL in a body field with 422 «Недопустимый символ» on that field', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/positions',
      token,
      payload: { title: 'a\u0000b' },
    });
    expectField(response, 'title');
    expect(response.data.details[0].message).toBe('Недопустимый символ');
  });

  it('refuses NUL in a query parameter', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/employees?search=a%00b',
      token,
    });
    expectField(response, 'search');
  });

  it('refuses lone surrogates and other control characters, in nested fields and keys', async () => {
    for (const title of ['a\ud800b', 'x\udc00', 'bell\u0007']) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/positions',
        token,
        headers: { 'content-type': 'application/json' },
        // JSON.stringify escapes lone surrogates as \ud800, which JSON.parse turns back into them.
        payload: JSON.stringify({ title }),
      });
      expectField(response, 'title');
    }
    const nested = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/roster',
      token,
      payload: { employeeId: 1, date: '2026-03-02', shifts: [{ 'st\u0000art': '09:00' }] },
    });
    expectField(nested, 'shifts.0.st\u0000art');
  });

  it('keeps tabs and line breaks, which a comment may hold', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/positions',
      token,
      payload: { title: 'Кассир\tстарший' },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('text of bodies that are not JSON', () => {
  it('refuses a raw NUL in the form body of a CloudPayments notification', async () => {
    const body = 'InvoiceId=1&Amount=100&TransactionId=7&Reason=a\u0000b';
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/payments/cloudpayments/fail',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-hmac': signCloudPaymentsBody(body, CLOUDPAYMENTS_SECRET),
      },
      payload: body,
    });
    expectField(response, 'body');
  });

  it('treats a signed notification whose decoded fields hold NUL as not valid, and keeps the invoice', async () => {
    const invoice = await call(t.app, {
      method: 'POST',
      url: '/api/v1/payments',
      token,
      payload: { users: 10, months: 1 },
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const payment = invoice.data.payment;
    const fields = `InvoiceId=${payment.id}&AccountId=${payment.companyId}&TransactionId=77&Amount=${(payment.amountKopecks / 100).toFixed(2)}&Currency=RUB`;
    for (const [contentType, body] of [
      ['application/x-www-form-urlencoded', `${fields}&Reason=a%00b`],
      [
        'application/json',
        JSON.stringify({
          ...Object.fromEntries(new URLSearchParams(fields)),
          Reason: 'a\u0000b',
        }),
      ],
    ] as const) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/payments/cloudpayments/fail',
        headers: {
          'content-type': contentType,
          'content-hmac': signCloudPaymentsBody(body, CLOUDPAYMENTS_SECRET),
        },
        payload: body,
      });
      expect(response.statusCode).toBe(200);
      // 10: CloudPayments' «invoice not valid»; the invoice waits for a proper notification.
      expect(response.data).toEqual({ code: 10 });
    }
    const list = await call(t.app, { method: 'GET', url: '/api/v1/payments', token });
    expect(list.data.items.find((item: any) => item.id === payment.id).status).toBe('PENDING');
  });
});

describe('ids', () => {
  it('refuses 2^31 in a query id', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/employees?branchId=2147483648',
      token,
    });
    expectField(response, 'branchId');
  });

  it('refuses 2^31 in a body id', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token,
      payload: {
        firstName: 'Иван',
        lastName: 'Петров',
        email: 'ivan-limits@example.ru',
        phone: '+79990001122',
        role: 'EMPLOYEE',
        departmentId: 2_147_483_648,
        branchIds: [],
      },
    });
    expectField(response, 'departmentId');
  });

  it('refuses a page whose offset would overflow', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/employees?page=1e15',
      token,
    });
    expectField(response, 'page');
  });
});

describe('dates', () => {
  it('refuses years 0000 and 9999 in date ranges', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/checks?from=0000-01-01&to=9999-12-31',
      token,
    });
    expectField(response, 'from');
    expectField(response, 'to');
  });

  it('refuses a month in year 0000', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/reports/report-card?month=0000-01',
      token,
    });
    expectField(response, 'month');
    expect(response.data.details[0].message).toBe('Год от 2000 до 2100');
  });

  it('refuses a roster date in 9999', async () => {
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/roster',
      token,
      payload: { employeeId: 1, date: '9999-12-31', shifts: [] },
    });
    expectField(response, 'date');
  });

  it('refuses an instant in year 0000', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/checks/create',
      token,
      payload: { branchId: 1, employeeId: 1, checkInDateTime: '0000-01-01T00:00:00Z' },
    });
    expectField(response, 'checkInDateTime');
  });
});

describe('exports', () => {
  it('answers 422 in JSON, not a cut download, for an id out of range', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/employees/export?branchId=2147483648',
      token,
    });
    expectField(response, 'branchId');
  });

  it("answers 404 in JSON for another company's or an unknown filter, before the file", async () => {
    const branch = await call(t.app, {
      method: 'POST',
      url: '/api/v1/branches',
      token: other.admin.tokens.accessToken,
      payload: { title: 'Чужой филиал', latitude: 55.75, longitude: 37.61, radius: 100 },
    });
    expect(branch.statusCode).toBe(201);
    for (const query of [
      `branchId=${branch.data.id}`,
      'departmentId=2147483647',
      'positionId=2147483647',
    ]) {
      const response = await call(t.app, {
        method: 'GET',
        url: `/api/v1/employees/export?${query}`,
        token,
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });

  it('answers the reports’ Excel files’ bad filters in JSON before the file', async () => {
    const branch = await call(t.app, {
      method: 'POST',
      url: '/api/v1/branches',
      token: other.admin.tokens.accessToken,
      payload: { title: 'Чужой филиал 2', latitude: 55.75, longitude: 37.61, radius: 100 },
    });
    for (const [url, status] of [
      [`/api/v1/reports/report-card.xlsx?month=2026-03&branchId=${branch.data.id}`, 404],
      ['/api/v1/reports/report-card.xlsx?month=9999-12', 422],
      ['/api/v1/reports/report-card.xlsx?month=2026-03&employeeId=2147483648', 422],
      ['/api/v1/reports/attendance.xlsx?from=2026-03-08&to=2026-03-01', 422],
      ['/api/v1/reports/attendance.xlsx?from=0000-01-01&to=9999-12-31', 422],
      [
        `/api/v1/reports/attendance.xlsx?from=2026-03-01&to=2026-03-08&departmentId=2147483647`,
        404,
      ],
    ] as const) {
      const response = await call(t.app, { method: 'GET', url, token });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });

  it('still sends the file for filters of the company', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/employees/export?status=ACTIVE',
      token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
