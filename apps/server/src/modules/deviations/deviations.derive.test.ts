import { describe, expect, it } from 'vitest';
import { wallTimeToMs } from '@smena/time';
import { deviationsOfEvents } from './deviations.derive.ts';

describe('deviationsOfEvents', () => {
  const at = (date: string, time: string, zone: string) => wallTimeToMs(date, time, zone);

  it('puts each event on the employee’s local date, one row per date with the largest value', () => {
    const events = [
      // By Vladivostok's clock: 00:10 on the 11th is 14:10 UTC on the 10th, yet a date of its own.
      { atMs: at('2026-03-10', '23:30', 'Asia/Vladivostok'), value: 120 },
      { atMs: at('2026-03-10', '08:00', 'Asia/Vladivostok'), value: 412 },
      { atMs: at('2026-03-11', '00:10', 'Asia/Vladivostok'), value: null },
    ];
    expect(
      deviationsOfEvents(
        7,
        'OUTSIDE_ZONE',
        events,
        'Asia/Vladivostok',
        '2026-03-01',
        '2026-03-31',
        undefined,
      ),
    ).toEqual([
      { employeeId: 7, date: '2026-03-10', type: 'OUTSIDE_ZONE', amount: 412 },
      { employeeId: 7, date: '2026-03-11', type: 'OUTSIDE_ZONE', amount: 1 },
    ]);
  });

  it('counts events without a value and leaves out dates outside the period or employment', () => {
    const zone = 'Europe/Moscow';
    const events = [
      { atMs: at('2026-02-28', '12:00', zone), value: null },
      { atMs: at('2026-03-02', '12:00', zone), value: null },
      { atMs: at('2026-03-02', '15:00', zone), value: null },
      { atMs: at('2026-03-20', '12:00', zone), value: null },
    ];
    expect(
      deviationsOfEvents(7, 'MANUAL_CORRECTION', events, zone, '2026-03-01', '2026-03-31', {
        hireDate: null,
        dismissalDate: '2026-03-15',
      }),
    ).toEqual([{ employeeId: 7, date: '2026-03-02', type: 'MANUAL_CORRECTION', amount: 2 }]);
  });
});
