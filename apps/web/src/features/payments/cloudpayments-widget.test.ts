import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLOUDPAYMENTS_SCRIPT_URL,
  loadCloudPayments,
  payWithCloudPayments,
  resetCloudPaymentsLoader,
  type CloudPaymentsCheckout,
  type CloudPaymentsWidget,
} from './cloudpayments-widget.ts';

const checkout: CloudPaymentsCheckout = {
  provider: 'cloudpayments',
  publicId: 'pk_test',
  description: 'Smena: тариф «Стандарт»',
  amount: 4275.5,
  currency: 'RUB',
  invoiceId: '7',
  accountId: '3',
  email: 'admin@example.ru',
};

function scripts() {
  return document.head.querySelectorAll('script[data-cloudpayments]');
}

afterEach(() => {
  resetCloudPaymentsLoader();
  document.head.innerHTML = '';
  delete window.cp;
});

describe('CloudPayments widget', () => {
  it('adds its script once, on demand, and shares the load', async () => {
    expect(scripts()).toHaveLength(0);
    const first = loadCloudPayments();
    const second = loadCloudPayments();
    expect(scripts()).toHaveLength(1);
    const script = scripts()[0] as HTMLScriptElement;
    expect(script.src).toBe(CLOUDPAYMENTS_SCRIPT_URL);
    const namespace = { CloudPayments: vi.fn() };
    window.cp = namespace as unknown as typeof window.cp;
    script.onload?.(new Event('load'));
    expect(await first).toBe(namespace);
    expect(await second).toBe(namespace);
  });

  it('forgets a failed load so that the next attempt adds the script again', async () => {
    const attempt = loadCloudPayments();
    (scripts()[0] as HTMLScriptElement).onerror?.(new Event('error'));
    await expect(attempt).rejects.toThrow('Не удалось загрузить платёжную форму');
    expect(scripts()).toHaveLength(0);
    void loadCloudPayments().catch(() => undefined);
    expect(scripts()).toHaveLength(1);
  });

  it('opens the charge form with the invoice and reports how it ended', async () => {
    const pay = vi.fn<CloudPaymentsWidget['pay']>((_method, _options, callbacks) => {
      callbacks.onSuccess?.({});
    });
    window.cp = {
      CloudPayments: vi.fn(function CloudPayments() {
        return { pay };
      }),
    } as unknown as typeof window.cp;
    expect(await payWithCloudPayments(checkout)).toBe('success');
    expect(pay).toHaveBeenCalledWith(
      'charge',
      expect.objectContaining({
        publicId: 'pk_test',
        amount: 4275.5,
        currency: 'RUB',
        invoiceId: '7',
        accountId: '3',
        email: 'admin@example.ru',
      }),
      expect.any(Object),
    );
    expect(scripts()).toHaveLength(0);

    pay.mockImplementationOnce((_method, _options, callbacks) => {
      callbacks.onFail?.('User has cancelled', {});
    });
    expect(await payWithCloudPayments(checkout)).toBe('closed');
    pay.mockImplementationOnce((_method, _options, callbacks) => {
      callbacks.onFail?.('Недостаточно средств', {});
    });
    expect(await payWithCloudPayments(checkout)).toBe('fail');
  });
});
