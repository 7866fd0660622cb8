/** localStorage key of the anonymous device id. */
export const DEVICE_ID_KEY = 'smena:device-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A random v4 UUID; `crypto.randomUUID` exists only on HTTPS (and localhost), so not always. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The browser's anonymous id: a random UUID made once and kept in localStorage. No person is
 * behind it; clearing the site's data makes a new one. Without storage it lives for the tab.
 */
export function getDeviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | null): string {
  try {
    const saved = storage?.getItem(DEVICE_ID_KEY);
    if (saved && UUID.test(saved)) return saved;
  } catch {
    // storage blocked: a fresh id for this tab
  }
  const id = randomUuid();
  try {
    storage?.setItem(DEVICE_ID_KEY, id);
  } catch {
    // not remembered: the next visit counts as a new device
  }
  return id;
}
