import type { PushPublicKey } from '@smena/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** The server's VAPID public key (base64url) that browsers subscribe with. */
export function getPushPublicKey(): Promise<PushPublicKey> {
  return apiClient.get<PushPublicKey>('/push/public-key');
}
