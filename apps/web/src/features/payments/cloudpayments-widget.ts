import type { PaymentCheckout } from '@smena/contract';

/**
 * The CloudPayments card widget: its script is added to the page only when a card payment
 * starts (never on other pages, never when the installation takes invoices), once for all callers.
 */

export const CLOUDPAYMENTS_SCRIPT_URL = 'https://widget.cloudpayments.ru/bundles/cloudpayments.js';
export const CLOUDPAYMENTS_LOAD_ERROR =
  'Не удалось загрузить платёжную форму. Проверьте подключение к интернету и попробуйте ещё раз.';

export type CloudPaymentsCheckout = Extract<PaymentCheckout, { provider: 'cloudpayments' }>;

type WidgetCallbacks = {
  onSuccess?: (options: unknown) => void;
  onFail?: (reason: unknown, options: unknown) => void;
  onComplete?: (result: { success?: boolean; message?: string | null }, options: unknown) => void;
};

/** The part of the widget the app uses. */
export type CloudPaymentsWidget = {
  pay(method: 'charge', options: Record<string, unknown>, callbacks: WidgetCallbacks): void;
};

type CloudPaymentsNamespace = {
  CloudPayments: new (options?: { language?: string }) => CloudPaymentsWidget;
};

declare global {
  interface Window {
    cp?: CloudPaymentsNamespace;
  }
}

let loading: Promise<CloudPaymentsNamespace> | null = null;

function injectScript(): Promise<CloudPaymentsNamespace> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CLOUDPAYMENTS_SCRIPT_URL;
    script.async = true;
    script.dataset.cloudpayments = 'true';
    script.onload = () => {
      if (window.cp) {
        resolve(window.cp);
      } else {
        script.remove();
        reject(new Error(CLOUDPAYMENTS_LOAD_ERROR));
      }
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(CLOUDPAYMENTS_LOAD_ERROR));
    };
    document.head.append(script);
  });
}

export function loadCloudPayments(): Promise<CloudPaymentsNamespace> {
  if (loading) return loading;
  const current = window.cp ? Promise.resolve(window.cp) : injectScript();
  loading = current;
  current.catch(() => {
    if (loading === current) loading = null;
  });
  return current;
}

/** Forgets the shared promise (tests). */
export function resetCloudPaymentsLoader(): void {
  loading = null;
}

export type WidgetOutcome = 'success' | 'fail' | 'closed';

/**
 * Opens the card form for an invoice and settles when the person is done with it. `success` only
 * means the bank said yes: the payment counts once CloudPayments' signed notification reaches
 * the server, which the page then shows.
 */
export async function payWithCloudPayments(
  checkout: CloudPaymentsCheckout,
): Promise<WidgetOutcome> {
  const cp = await loadCloudPayments();
  const widget = new cp.CloudPayments({ language: 'ru-RU' });
  return new Promise((resolve) => {
    // Versions of the widget differ in which callbacks they call; the first answer counts.
    widget.pay(
      'charge',
      {
        publicId: checkout.publicId,
        description: checkout.description,
        amount: checkout.amount,
        currency: checkout.currency,
        invoiceId: checkout.invoiceId,
        accountId: checkout.accountId,
        ...(checkout.email ? { email: checkout.email } : {}),
        skin: 'modern',
      },
      {
        onSuccess: () => resolve('success'),
        // Closing the form is reported as a failure with this reason.
        onFail: (reason) => resolve(reason === 'User has cancelled' ? 'closed' : 'fail'),
        onComplete: (result) => resolve(result.success ? 'success' : 'fail'),
      },
    );
  });
}
