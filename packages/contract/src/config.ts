import { z } from 'zod';
import './zod-setup.ts';

export const PublicConfigSchema = z.object({
  /** Browser key of the Yandex Maps JS API; null shows plain coordinate inputs. */
  yandexMapsApiKey: z.string().nullable(),
  /** How companies pay: `manual` invoices, or cards through CloudPayments. */
  paymentProvider: z.enum(['manual', 'cloudpayments']),
  /** CloudPayments public id for the payment widget; null when cards are off. */
  cloudPaymentsPublicId: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
