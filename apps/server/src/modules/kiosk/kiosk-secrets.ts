/**
 * The kiosk's secrets (decision 031): its credential, its QR key, the one-time pairing code, and
 * the check of a scanned QR against the device's key.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  KIOSK_AUTH_SCHEME,
  KIOSK_CODE_ALPHABET,
  kioskQrWindow,
  parseKioskQr,
  signKioskQr,
} from '@smena/contract';

export const KIOSK_TOKEN_PREFIX = 'smkk_';
const TOKEN_PATTERN = /^smkk_[A-Za-z0-9_-]{43}$/;

/** Only the SHA-256 of a credential or a code is stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A device's credential: 32 random bytes, shown once at pairing. */
export function generateKioskToken(): { token: string; hash: string } {
  const token = `${KIOSK_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: sha256(token) };
}

/** The key a device signs its QR with: 32 random bytes. */
export function generateQrSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The credential of `Authorization: Kiosk <token>`, or null when the header is not that. */
export function kioskTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== KIOSK_AUTH_SCHEME.toLowerCase() || !token) return null;
  return TOKEN_PATTERN.test(token) ? token : null;
}

/**
 * A pairing code of 8 letters from an alphabet without look-alikes (31^8 ≈ 8.5·10^11): the first
 * four find the code's row, the whole code proves it.
 */
export function generatePairingCode(): { code: string; lookup: string; hash: string } {
  let code = '';
  for (let i = 0; i < 8; i++) code += KIOSK_CODE_ALPHABET[randomInt(KIOSK_CODE_ALPHABET.length)];
  return { code, lookup: code.slice(0, 4), hash: sha256(code) };
}

/** `ABCD2345` → `ABCD-2345`, as the admin sees it. */
export function formatPairingCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export type QrCheck =
  | { ok: true; deviceId: number; window: number }
  | { ok: false; reason: 'MALFORMED' | 'EXPIRED' | 'BAD_SIGNATURE' };

/**
 * Whether a scanned payload is the device's QR of the current or the previous window (at most 60
 * seconds old). `secretOf` gives the device's QR key (null: no such device).
 */
export async function verifyKioskQr(
  payload: string,
  nowMs: number,
  secretOf: (deviceId: number) => Promise<string | null>,
): Promise<QrCheck & { deviceId?: number }> {
  const parts = parseKioskQr(payload);
  if (!parts) return { ok: false, reason: 'MALFORMED' };
  const secret = await secretOf(parts.deviceId);
  if (secret === null) return { ok: false, reason: 'MALFORMED' };
  const expected = await signKioskQr(secret, parts.deviceId, parts.window);
  const given = Buffer.from(payload.trim());
  const wanted = Buffer.from(expected);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    return { ok: false, reason: 'BAD_SIGNATURE' };
  }
  const current = kioskQrWindow(nowMs);
  if (parts.window !== current && parts.window !== current - 1) {
    return { ok: false, reason: 'EXPIRED', deviceId: parts.deviceId };
  }
  return { ok: true, deviceId: parts.deviceId, window: parts.window };
}
