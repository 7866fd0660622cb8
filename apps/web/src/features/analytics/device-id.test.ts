import { describe, expect, it } from 'vitest';
import { DEVICE_ID_KEY, getDeviceId, randomUuid } from './device-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('device id', () => {
  it('is made once and kept in localStorage', () => {
    const first = getDeviceId(window.localStorage);
    expect(first).toMatch(UUID_V4);
    expect(window.localStorage.getItem(DEVICE_ID_KEY)).toBe(first);
    expect(getDeviceId(window.localStorage)).toBe(first);
  });

  it('replaces a damaged value and works without storage', () => {
    window.localStorage.setItem(DEVICE_ID_KEY, 'ivanov@example.ru');
    expect(getDeviceId(window.localStorage)).toMatch(UUID_V4);
    expect(getDeviceId(null)).toMatch(UUID_V4);
  });

  it('makes a v4 UUID without crypto.randomUUID (plain HTTP)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(randomUuid()).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
