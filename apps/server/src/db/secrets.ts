import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { systemSecrets } from './schema/index.ts';

/**
 * Returns a stored secret, storing `generate()` the first time; concurrent first starts agree on
 * one value (the first insert wins, the others read it).
 */
export async function ensureGeneratedSecret(
  db: Db,
  key: string,
  generate: () => string,
): Promise<string> {
  await db.insert(systemSecrets).values({ key, value: generate() }).onConflictDoNothing();
  const [row] = await db.select().from(systemSecrets).where(eq(systemSecrets.key, key)).limit(1);
  return row!.value;
}

/** Returns a stored random secret, generating it once. */
export async function ensureSecret(db: Db, key: string, bytes = 48): Promise<string> {
  return ensureGeneratedSecret(db, key, () => randomBytes(bytes).toString('base64url'));
}
