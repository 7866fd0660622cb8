import { describe, expect, it } from 'vitest';
import { KIOSK_QR_WINDOW_MS, signKioskQr } from '@smena/contract';
import {
  generatePairingCode,
  generateKioskToken,
  kioskTokenOf,
  verifyKioskQr,
} from './kiosk-secrets.ts';

const SECRET = 'the-device-secret';
const NOW = 1_795_000_000_000;
const window = Math.floor(NOW / KIOSK_QR_WINDOW_MS);
const secretOf = async (deviceId: number) => (deviceId === 5 ? SECRET : null);

describe('verifyKioskQr', () => {
  it('accepts the current and the previous window only', async () => {
    for (const w of [window, window - 1]) {
      const result = await verifyKioskQr(await signKioskQr(SECRET, 5, w), NOW, secretOf);
      expect(result).toEqual({ ok: true, deviceId: 5, window: w });
    }
    for (const w of [window - 2, window - 100, window + 1]) {
      const result = await verifyKioskQr(await signKioskQr(SECRET, 5, w), NOW, secretOf);
      expect(result).toMatchObject({ ok: false, reason: 'EXPIRED' });
    }
  });

  it('refuses a tampered window, device or signature, and another key', async () => {
    const good = await signKioskQr(SECRET, 5, window - 1);
    const [prefix, device, , signature] = good.split('.');
    const laterWindow = `${prefix}.${device}.${window}.${signature}`;
    expect(await verifyKioskQr(laterWindow, NOW, secretOf)).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
    const flipped = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    expect(await verifyKioskQr(flipped, NOW, secretOf)).toMatchObject({ reason: 'BAD_SIGNATURE' });
    const foreign = await signKioskQr('another-secret', 5, window);
    expect(await verifyKioskQr(foreign, NOW, secretOf)).toMatchObject({ reason: 'BAD_SIGNATURE' });
    const otherDevice = await signKioskQr(SECRET, 6, window);
    expect(await verifyKioskQr(otherDevice, NOW, secretOf)).toMatchObject({ reason: 'MALFORMED' });
    expect(await verifyKioskQr('hello', NOW, secretOf)).toMatchObject({ reason: 'MALFORMED' });
  });
});

describe('kiosk credentials and codes', () => {
  it('reads only `Kiosk <token>` of the right shape', () => {
    const { token } = generateKioskToken();
    expect(kioskTokenOf(`Kiosk ${token}`)).toBe(token);
    expect(kioskTokenOf(`kiosk ${token}`)).toBe(token);
    expect(kioskTokenOf(`Bearer ${token}`)).toBeNull();
    expect(kioskTokenOf('Kiosk smkk_short')).toBeNull();
    expect(kioskTokenOf(undefined)).toBeNull();
  });

  it('draws pairing codes of 8 letters without look-alikes', () => {
    for (let i = 0; i < 50; i++) {
      const { code, lookup } = generatePairingCode();
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
      expect(lookup).toBe(code.slice(0, 4));
    }
  });
});
