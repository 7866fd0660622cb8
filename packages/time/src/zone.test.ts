import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { localDateOf, wallTimeToInstant } from './zone.ts';

describe('wallTimeToInstant', () => {
  it('converts a wall time in a zone without DST', () => {
    expect(wallTimeToInstant('2026-01-12', '09:00', 'Europe/Moscow')).toEqual({
      iso: '2026-01-12T09:00:00+03:00',
      ms: Date.parse('2026-01-12T06:00:00Z'),
    });
  });

  it('moves a wall time inside a spring-forward gap forward by the gap', () => {
    expect(wallTimeToInstant('2026-03-29', '02:30', 'Europe/Berlin').iso).toBe(
      '2026-03-29T03:30:00+02:00',
    );
    expect(wallTimeToInstant('2026-03-08', '02:00', 'America/New_York').iso).toBe(
      '2026-03-08T03:00:00-04:00',
    );
    // Chile springs forward at midnight: 00:00 does not exist.
    expect(wallTimeToInstant('2026-09-06', '00:00', 'America/Santiago').iso).toBe(
      '2026-09-06T01:00:00-03:00',
    );
  });

  it('takes the first occurrence of an ambiguous wall time', () => {
    expect(wallTimeToInstant('2026-10-25', '02:30', 'Europe/Berlin').iso).toBe(
      '2026-10-25T02:30:00+02:00',
    );
    expect(wallTimeToInstant('2026-11-01', '01:30', 'America/New_York').iso).toBe(
      '2026-11-01T01:30:00-04:00',
    );
    // Lord Howe Island moves its clocks by 30 minutes.
    expect(wallTimeToInstant('2026-04-05', '01:45', 'Australia/Lord_Howe').iso).toBe(
      '2026-04-05T01:45:00+11:00',
    );
    expect(wallTimeToInstant('2026-10-25', '03:00', 'Europe/Berlin').iso).toBe(
      '2026-10-25T03:00:00+01:00',
    );
  });

  it('rejects an unknown zone', () => {
    expect(() => wallTimeToInstant('2026-01-12', '09:00', 'Mars/Olympus')).toThrow(RangeError);
  });

  it('gives the local date of an instant', () => {
    expect(localDateOf(Date.parse('2026-01-11T22:30:00Z'), 'Europe/Moscow')).toBe('2026-01-12');
    expect(localDateOf(Date.parse('2026-01-11T22:30:00Z'), 'America/New_York')).toBe('2026-01-11');
  });

  it('agrees with luxon around midnights and DST changes, midnight ones included', () => {
    // Santiago and Havana change the clocks at midnight; Lord Howe by half an hour.
    const zones = [
      'Europe/Moscow',
      'America/New_York',
      'America/Santiago',
      'America/Havana',
      'Australia/Lord_Howe',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
    ];
    const start = Date.parse('2025-01-01T00:00:00Z');
    const step = 7 * 60_000 + 13_000;
    for (const zone of zones)
      for (let ms = start; ms < start + 2 * 365 * 86_400_000; ms += step * 97) {
        for (const at of [ms, ms + 1, ms - 1]) {
          const expected = DateTime.fromMillis(at, { zone }).toISODate();
          expect(localDateOf(at, zone), `${zone} ${new Date(at).toISOString()}`).toBe(expected);
        }
      }
  });

  it('puts the instants of a midnight DST change on the right dates', () => {
    // Santiago, 6 September 2026: clocks jump from 00:00 to 01:00 (the date starts at 01:00).
    const zone = 'America/Santiago';
    const firstInstant = DateTime.fromObject(
      { year: 2026, month: 9, day: 6, hour: 1 },
      { zone },
    ).toMillis();
    expect(localDateOf(firstInstant, zone)).toBe('2026-09-06');
    expect(localDateOf(firstInstant - 1, zone)).toBe('2026-09-05');
  });
});
