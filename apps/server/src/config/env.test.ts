import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('applies the defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      ACCESS_TOKEN_TTL_SECONDS: 900,
      SMS_PROVIDER: 'console',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.NODE_ENV).toBe('production');
    expect(env.TRUST_PROXY).toBe(false);
  });

  it('checks the operator’s ИНН and ОГРН by their lengths', () => {
    expect(parseEnv({ OPERATOR_INN: '7707083893', OPERATOR_OGRN: '1027700132195' })).toMatchObject({
      OPERATOR_INN: '7707083893',
      OPERATOR_OGRN: '1027700132195',
    });
    expect(() => parseEnv({ OPERATOR_INN: '12345' })).toThrow(/OPERATOR_INN: ИНН: 10 цифр/);
    expect(() => parseEnv({ OPERATOR_OGRN: '12' })).toThrow(/OPERATOR_OGRN: ОГРН: 13 цифр/);
  });

  it('takes the proxies to trust as addresses and CIDRs, never a hop count', () => {
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(() => parseEnv({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count cannot tell/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33,nginx' })).toThrow(
      /TRUST_PROXY: .*not understood: 10\.0\.0\.0\/33, nginx/,
    );
  });

  it('takes backups for PGlite only, off unless BACKUP_DIR is set', () => {
    expect(parseEnv({})).toMatchObject({ BACKUP_INTERVAL_HOURS: 24, BACKUP_KEEP: 7 });
    expect(parseEnv({}).BACKUP_DIR).toBeUndefined();
    expect(
      parseEnv({ BACKUP_DIR: './backups', BACKUP_INTERVAL_HOURS: '6', BACKUP_KEEP: '28' }),
    ).toMatchObject({ BACKUP_DIR: './backups', BACKUP_INTERVAL_HOURS: 6, BACKUP_KEEP: 28 });
    expect(() =>
      parseEnv({ BACKUP_DIR: './backups', DATABASE_URL: 'postgres://db/smena' }),
    ).toThrow(/BACKUP_DIR: .*pg_dump/);
    for (const inside of ['./data', './data/backups', 'data/../data/x'])
      expect(() => parseEnv({ BACKUP_DIR: inside })).toThrow(
        /BACKUP_DIR: must be outside DATA_DIR/,
      );
    expect(parseEnv({ BACKUP_DIR: './data-backups' }).BACKUP_DIR).toBe('./data-backups');
    expect(() => parseEnv({ BACKUP_INTERVAL_HOURS: '0', BACKUP_KEEP: '0' })).toThrow(
      /BACKUP_INTERVAL_HOURS[\s\S]*BACKUP_KEEP/,
    );
  });

  it('treats empty strings as missing', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({
      PORT: 3000,
      DATABASE_URL: undefined,
    });
  });

  it('names every bad variable', () => {
    try {
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SUPERADMIN_PASSWORD: 'short',
        JWT_SECRET: 'tiny',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as EnvError).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SUPERADMIN_PASSWORD', 'JWT_SECRET'])
        expect(message).toContain(name);
    }
  });

  it('takes both VAPID keys or neither, and checks their shape and the subject', () => {
    const publicKey =
      'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
    const privateKey = 'UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls';
    expect(
      parseEnv({
        VAPID_PUBLIC_KEY: publicKey,
        VAPID_PRIVATE_KEY: privateKey,
        VAPID_SUBJECT: 'mailto:ops@smena.ru',
      }),
    ).toMatchObject({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey });
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => parseEnv({ VAPID_SUBJECT: 'http://smena.ru' })).toThrow(/VAPID_SUBJECT/);
  });
});
