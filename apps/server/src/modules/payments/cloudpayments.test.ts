import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.ts';
import {
  CloudPaymentsNotificationSchema,
  amountToKopecks,
  invoiceIdOf,
  parseNotificationBody,
  signCloudPaymentsBody,
  verifyCloudPaymentsSignature,
} from './cloudpayments.ts';
import { createPaymentGateway } from './payment-provider.ts';

const SECRET = 'cp-api-secret-for-tests';
const BODY =
  'TransactionId=504&Amount=1500.00&Currency=RUB&InvoiceId=7&AccountId=3&Name=IVAN+PETROV&Email=a%40b.ru';

describe('CloudPayments signature', () => {
  it('is HMAC-SHA256 of the raw body in base64', () => {
    const expected = createHmac('sha256', SECRET).update(BODY).digest('base64');
    expect(signCloudPaymentsBody(BODY, SECRET)).toBe(expected);
  });

  it('accepts a good signature in Content-HMAC or X-Content-HMAC', () => {
    const signature = signCloudPaymentsBody(BODY, SECRET);
    expect(verifyCloudPaymentsSignature(BODY, { 'content-hmac': signature }, SECRET)).toBe(true);
    expect(verifyCloudPaymentsSignature(BODY, { 'x-content-hmac': signature }, SECRET)).toBe(true);
  });

  it('accepts X-Content-HMAC computed over the URL-decoded form', () => {
    const decoded = decodeURIComponent(BODY.replace(/\+/g, ' '));
    const signature = signCloudPaymentsBody(decoded, SECRET);
    expect(verifyCloudPaymentsSignature(BODY, { 'x-content-hmac': signature }, SECRET)).toBe(true);
    // Content-HMAC is over the raw body only.
    expect(verifyCloudPaymentsSignature(BODY, { 'content-hmac': signature }, SECRET)).toBe(false);
  });

  it('refuses a bad signature, another secret, a changed body and a missing header', () => {
    const signature = signCloudPaymentsBody(BODY, SECRET);
    expect(verifyCloudPaymentsSignature(BODY, { 'content-hmac': 'AAAA' }, SECRET)).toBe(false);
    expect(
      verifyCloudPaymentsSignature(BODY, { 'content-hmac': signBody(BODY, 'other') }, SECRET),
    ).toBe(false);
    expect(
      verifyCloudPaymentsSignature(
        BODY.replace('1500.00', '1.00'),
        { 'content-hmac': signature },
        SECRET,
      ),
    ).toBe(false);
    expect(verifyCloudPaymentsSignature(BODY, {}, SECRET)).toBe(false);
    expect(verifyCloudPaymentsSignature(BODY, { 'content-hmac': '' }, SECRET)).toBe(false);
  });
});

function signBody(body: string, secret: string) {
  return signCloudPaymentsBody(body, secret);
}

describe('CloudPayments notification body', () => {
  it('reads form-urlencoded and JSON bodies alike', () => {
    const form = CloudPaymentsNotificationSchema.parse(
      parseNotificationBody(BODY, 'application/x-www-form-urlencoded'),
    );
    const json = CloudPaymentsNotificationSchema.parse(
      parseNotificationBody(
        JSON.stringify({
          TransactionId: 504,
          Amount: 1500,
          Currency: 'RUB',
          InvoiceId: '7',
          AccountId: 3,
        }),
        'application/json; charset=utf-8',
      ),
    );
    for (const notification of [form, json]) {
      expect(notification.TransactionId).toBe('504');
      expect(invoiceIdOf(notification)).toBe(7);
      expect(notification.AccountId).toBe('3');
      expect(amountToKopecks(notification.Amount)).toBe(150_000);
    }
  });

  it('gives nothing for broken JSON and rejects a notification without a transaction', () => {
    expect(parseNotificationBody('{', 'application/json')).toBeNull();
    expect(CloudPaymentsNotificationSchema.safeParse({ Amount: '1' }).success).toBe(false);
  });

  it.each([
    ['1500', 150_000],
    ['1500.5', 150_050],
    ['1500.05', 150_005],
    ['0.99', 99],
    ['1500,50', 150_050],
  ])('reads the amount %s as %i kopecks', (amount, kopecks) => {
    expect(amountToKopecks(amount)).toBe(kopecks);
  });

  it.each(['', '-1', '1.234', 'abc', '1e3'])('refuses the amount «%s»', (amount) => {
    expect(amountToKopecks(amount)).toBeNull();
  });

  it('takes only positive numeric invoice ids', () => {
    const base = { TransactionId: '1', Amount: '1' };
    expect(invoiceIdOf({ ...base, InvoiceId: 'abc' })).toBeNull();
    expect(invoiceIdOf({ ...base, InvoiceId: '0' })).toBeNull();
    expect(invoiceIdOf({ ...base, InvoiceId: '99999999999' })).toBeNull();
    expect(invoiceIdOf(base)).toBeNull();
  });
});

describe('payment provider choice', () => {
  it('is manual invoices without CloudPayments settings', () => {
    expect(createPaymentGateway(parseEnv({})).kind).toBe('manual');
  });

  it('is CloudPayments with both settings, and its checkout carries the public id only', () => {
    const gateway = createPaymentGateway(
      parseEnv({ CLOUDPAYMENTS_PUBLIC_ID: 'pk_test', CLOUDPAYMENTS_API_SECRET: SECRET }),
    );
    expect(gateway.kind).toBe('cloudpayments');
    const checkout = gateway.checkout({
      paymentId: 7,
      number: 'СМ-000007',
      companyId: 3,
      amountKopecks: 427_550,
      description: 'Оплата',
      payerEmail: 'admin@example.ru',
    });
    expect(checkout).toEqual({
      provider: 'cloudpayments',
      publicId: 'pk_test',
      description: 'Оплата',
      amount: 4275.5,
      currency: 'RUB',
      invoiceId: '7',
      accountId: '3',
      email: 'admin@example.ru',
    });
    expect(JSON.stringify(checkout)).not.toContain(SECRET);
  });

  it('refuses one CloudPayments variable without the other, naming the missing one', () => {
    expect(() => parseEnv({ CLOUDPAYMENTS_PUBLIC_ID: 'pk_test' })).toThrow(
      /CLOUDPAYMENTS_API_SECRET/,
    );
    expect(() => parseEnv({ CLOUDPAYMENTS_API_SECRET: SECRET })).toThrow(/CLOUDPAYMENTS_PUBLIC_ID/);
  });
});
