import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '../../lib/auth-context.ts';

export { API_KEY_PREFIX };

/** 32 random bytes (256 bits) in base64url: 43 characters after the prefix. */
const SECRET_BYTES = 32;
const KEY_PATTERN = /^smk_[A-Za-z0-9_-]{43}$/;

/** How many characters of the key the list shows (the prefix and 8 random ones). */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

export type GeneratedApiKey = { secret: string; prefix: string; hash: string };

export function generateApiKey(): GeneratedApiKey {
  const secret = `${API_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, SHOWN_LENGTH), hash: hashApiKey(secret) };
}

/** Only this hash is stored: a stolen database does not yield working keys. */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function isApiKeyFormat(value: string): boolean {
  return KEY_PATTERN.test(value);
}
