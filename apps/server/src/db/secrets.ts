import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { systemSecrets } from './schema/index.ts';

/** Returns a stored secret, generating it once; concurrent first starts agree on one value. */
export async function ensureSecret(db: Db, key: string, bytes = 48): Promise<string> {
  await db
    .insert(systemSecrets)
    .values({ key, value: randomBytes(bytes).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSecrets).where(eq(systemSecrets.key, key)).limit(1);
  return row!.value;
}
