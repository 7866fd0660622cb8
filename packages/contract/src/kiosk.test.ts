import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isWeakPin,
  kioskPunchLabel,
  kioskQrMsLeft,
  kioskQrWindow,
  KioskPairInputSchema,
  parseKioskQr,
  SetKioskPinInputSchema,
  signKioskQr,
} from './kiosk.ts';

const SECRET = 'c2VjcmV0LW9mLXRoZS1raW9zay1mb3ItdGVzdHMtb25seQ';

describe('kiosk QR token', () => {
  it('is HMAC-SHA256 of the device and the window, its first 16 bytes in base64url', async () => {
    const payload = await signKioskQr(SECRET, 42, 58_000_123);
    const expected = createHmac('sha256', SECRET)
      .update('smena-kiosk-qr\n42\n58000123')
      .digest()
      .subarray(0, 16)
      .toString('base64url');
    expect(payload).toBe(`SMK1.42.58000123.${expected}`);
  });

  it('changes with the window, the device and the secret', async () => {
    const base = await signKioskQr(SECRET, 1, 100);
    expect(await signKioskQr(SECRET, 1, 101)).not.toBe(base);
    expect((await signKioskQr(SECRET, 2, 100)).split('.')[3]).not.toBe(base.split('.')[3]);
    expect(await signKioskQr(`${SECRET}x`, 1, 100)).not.toBe(base);
  });

  it('parses its own payloads and nothing else', async () => {
    const payload = await signKioskQr(SECRET, 7, 123);
    expect(parseKioskQr(payload)).toEqual({
      deviceId: 7,
      window: 123,
      signature: payload.split('.')[3],
    });
    expect(parseKioskQr(` ${payload}\n`)).not.toBeNull();
    expect(parseKioskQr('https://example.ru')).toBeNull();
    expect(parseKioskQr('SMK1.0.123.AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(parseKioskQr('SMK1.9999999999.1.AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(parseKioskQr(`${payload}A`)).toBeNull();
  });

  it('counts 30-second windows', () => {
    expect(kioskQrWindow(0)).toBe(0);
    expect(kioskQrWindow(29_999)).toBe(0);
    expect(kioskQrWindow(30_000)).toBe(1);
    expect(kioskQrMsLeft(30_000)).toBe(30_000);
    expect(kioskQrMsLeft(59_000)).toBe(1_000);
  });
});

describe('kiosk PIN', () => {
  it('refuses trivial PINs', () => {
    for (const pin of ['0000', '1111', '1234', '4321', '123456', '987654', '1212', '2580']) {
      expect(isWeakPin(pin), pin).toBe(true);
    }
    for (const pin of ['4927', '8305', '190374', '5560']) expect(isWeakPin(pin), pin).toBe(false);
  });

  it('takes 4 to 6 digits only, with Russian messages', () => {
    expect(SetKioskPinInputSchema.safeParse({ pin: '4927' }).success).toBe(true);
    const short = SetKioskPinInputSchema.safeParse({ pin: '492' });
    expect(short.error?.issues[0]?.message).toBe('PIN — от 4 до 6 цифр');
    const weak = SetKioskPinInputSchema.safeParse({ pin: '1234' });
    expect(weak.error?.issues[0]?.message).toMatch(/Слишком простой PIN/);
  });

  it('reads a pairing code as typed: case, spaces and the dash do not matter', () => {
    expect(KioskPairInputSchema.parse({ code: ' abcd-2345 ' })).toEqual({ code: 'ABCD2345' });
    expect(KioskPairInputSchema.safeParse({ code: 'ABC' }).success).toBe(false);
  });

  it('labels a punch «Приход 09:02» / «Уход 18:05»', () => {
    expect(kioskPunchLabel({ direction: 'IN', time: '09:02' })).toBe('Приход 09:02');
    expect(kioskPunchLabel({ direction: 'OUT', time: '18:05' })).toBe('Уход 18:05');
  });
});
