import { describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, generateApiKey, hashApiKey, isApiKeyFormat } from './api-key-secret.ts';

describe('API key secrets', () => {
  it('makes a prefixed base64url secret of 256 random bits, with its hash and shown prefix', () => {
    const key = generateApiKey();
    expect(key.secret.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(Buffer.from(key.secret.slice(API_KEY_PREFIX.length), 'base64url')).toHaveLength(32);
    expect(isApiKeyFormat(key.secret)).toBe(true);
    expect(key.prefix).toBe(key.secret.slice(0, 12));
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key.secret)).toBe(key.hash);
  });

  it('never repeats a secret', () => {
    const secrets = new Set(Array.from({ length: 200 }, () => generateApiKey().secret));
    expect(secrets.size).toBe(200);
  });

  it('rejects strings that are not keys', () => {
    for (const value of ['', 'smk_', 'smk_short', 'Bearer smk_x', `xyz_${'a'.repeat(43)}`]) {
      expect(isApiKeyFormat(value), value).toBe(false);
    }
  });
});
