import { describe, expect, it } from 'vitest';
import {
  FALLBACK_TIMEZONE,
  safeZone,
  serviceDayStartOnViewerClock,
  todayIn,
} from './zoned-time.ts';
import { dateOf, dateTimeOf, timeOf } from './zoned-instants.ts';

describe('zoned time', () => {
  it("takes today's date in the company's zone, not the device's", () => {
    const now = new Date('2026-11-30T22:30:00Z');
    expect(todayIn('Europe/Moscow', now)).toBe('2026-12-01');
    expect(todayIn('America/New_York', now)).toBe('2026-11-30');
    expect(todayIn('Asia/Novosibirsk', now.getTime())).toBe('2026-12-01');
  });

  it('shows an instant as the wall clock of the given zone', () => {
    expect(timeOf('2026-05-04T06:02:00Z', 'Europe/Moscow')).toBe('09:02');
    expect(timeOf('2026-05-04T06:02:00Z', 'Asia/Yekaterinburg')).toBe('11:02');
    expect(dateOf('2026-05-04T21:30:00Z', 'Europe/Moscow')).toBe('2026-05-05');
    expect(dateTimeOf('2026-05-04T21:30:00Z', 'Asia/Novosibirsk')).toBe('2026-05-05 04:30');
  });

  it('falls back to Moscow for a missing or unknown zone, so a record still shows', () => {
    expect(safeZone(undefined)).toBe(FALLBACK_TIMEZONE);
    expect(safeZone('Mars/Olympus')).toBe(FALLBACK_TIMEZONE);
    expect(safeZone('Asia/Omsk')).toBe('Asia/Omsk');
    expect(todayIn('Mars/Olympus', new Date('2026-11-30T22:30:00Z'))).toBe('2026-12-01');
  });

  it('shows text that is not an instant as it is', () => {
    expect(dateTimeOf('не дата', 'Europe/Moscow')).toBe('не дата');
  });
});

describe('serviceDayStartOnViewerClock', () => {
  it('says when midnight UTC comes on the viewer’s clock, summer time included', () => {
    const winter = Date.UTC(2026, 0, 15, 12);
    const summer = Date.UTC(2026, 6, 15, 12);
    expect(serviceDayStartOnViewerClock('Europe/Moscow', winter)).toBe('03:00');
    expect(serviceDayStartOnViewerClock('Asia/Novosibirsk', winter)).toBe('07:00');
    expect(serviceDayStartOnViewerClock('Europe/Berlin', winter)).toBe('01:00');
    expect(serviceDayStartOnViewerClock('Europe/Berlin', summer)).toBe('02:00');
  });
});
