import { PRODUCT_NAME, type PaymentCheckout, type PaymentProvider } from '@smena/contract';
import type { Env } from '../../config/env.ts';

/** The invoice a provider is asked to collect. */
export type CheckoutRequest = {
  paymentId: number;
  number: string;
  companyId: number;
  amountKopecks: number;
  description: string;
  payerEmail: string | null;
};

/**
 * How money is taken. Every provider starts from a PENDING invoice of ours; what differs is what
 * the page does next (nothing for a manual invoice, the card widget for CloudPayments) and who
 * confirms the payment (the super admin, or the provider's signed notification).
 */
export interface PaymentGateway {
  readonly kind: PaymentProvider;
  checkout(request: CheckoutRequest): PaymentCheckout;
}

/** Invoices paid by bank transfer; the super admin marks them paid. Needs no account anywhere. */
export function createManualGateway(): PaymentGateway {
  return {
    kind: 'manual',
    checkout: () => ({ provider: 'manual' }),
  };
}

export type CloudPaymentsSettings = { publicId: string; apiSecret: string };

/** Cards through the CloudPayments widget; its notifications confirm the payment. */
export function createCloudPaymentsGateway(settings: CloudPaymentsSettings): PaymentGateway {
  return {
    kind: 'cloudpayments',
    checkout: (request) => ({
      provider: 'cloudpayments',
      publicId: settings.publicId,
      description: request.description,
      // The widget takes rubles; kopecks divided by 100 are exact to two decimals.
      amount: request.amountKopecks / 100,
      currency: 'RUB',
      invoiceId: String(request.paymentId),
      accountId: String(request.companyId),
      email: request.payerEmail,
    }),
  };
}

export function cloudPaymentsSettings(env: Env): CloudPaymentsSettings | null {
  if (!env.CLOUDPAYMENTS_PUBLIC_ID || !env.CLOUDPAYMENTS_API_SECRET) return null;
  return { publicId: env.CLOUDPAYMENTS_PUBLIC_ID, apiSecret: env.CLOUDPAYMENTS_API_SECRET };
}

/** CloudPayments when both of its variables are set, manual invoices otherwise. */
export function createPaymentGateway(env: Env): PaymentGateway {
  const settings = cloudPaymentsSettings(env);
  return settings ? createCloudPaymentsGateway(settings) : createManualGateway();
}

export function paymentDescription(input: {
  number: string;
  planTitle: string;
  users: number;
  months: number;
}): string {
  return `${PRODUCT_NAME}: тариф «${input.planTitle}», ${input.users} польз. × ${input.months} мес., счёт ${input.number}`;
}
