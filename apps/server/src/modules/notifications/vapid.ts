import webpush from 'web-push';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { ensureGeneratedSecret } from '../../db/secrets.ts';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * The VAPID keys: from the environment, else a pair generated once and kept in the database
 * (`system_secrets`, key `vapid`) so that every instance signs with the same key and browsers'
 * subscriptions stay valid across restarts.
 */
export async function ensureVapidKeys(
  db: Db,
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'SUPERADMIN_EMAIL'>,
): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.SUPERADMIN_EMAIL}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const stored = await ensureGeneratedSecret(db, 'vapid', () => {
    const keys = webpush.generateVAPIDKeys();
    return JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey });
  });
  const { publicKey, privateKey } = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject };
}
