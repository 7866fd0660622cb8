import { z } from 'zod';
import './zod-setup.ts';

/**
 * Who operates this installation: the legal person that processes the personal data and takes
 * the payments, named on the public pages as Russian law asks (152-ФЗ, ЗоЗПП). Set by the
 * installation's OPERATOR_* settings.
 */
export const OperatorDetailsSchema = z.object({
  name: z.string(),
  inn: z.string().nullable(),
  ogrn: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type OperatorDetails = z.infer<typeof OperatorDetailsSchema>;

export const PublicConfigSchema = z.object({
  /** Browser key of the Yandex Maps JS API; null shows plain coordinate inputs. */
  yandexMapsApiKey: z.string().nullable(),
  /** How companies pay: `manual` invoices, or cards through CloudPayments. */
  paymentProvider: z.enum(['manual', 'cloudpayments']),
  /** CloudPayments public id for the payment widget; null when cards are off. */
  cloudPaymentsPublicId: z.string().nullable(),
  /** Null until the installation names its operator (OPERATOR_NAME). */
  operator: OperatorDetailsSchema.nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
