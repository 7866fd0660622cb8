import { z } from 'zod';

export const PublicConfigSchema = z.object({
  /** Browser key of the Yandex Maps JS API; null shows plain coordinate inputs. */
  yandexMapsApiKey: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
