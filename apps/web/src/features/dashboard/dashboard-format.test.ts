import type { Dashboard } from '@smena/contract';
import { describe, expect, it } from 'vitest';
import {
  initialsOf,
  isDashboardEmpty,
  percentOf,
  shortDate,
  tooltipDate,
  wallTime,
  weekdayLong,
  zoneNote,
} from './dashboard-format.ts';

const empty: Dashboard = {
  date: '2026-03-18',
  timezone: 'Europe/Moscow',
  generatedAt: '2026-03-18T09:00:00.000Z',
  today: { planned: 0, present: 0, late: 0, notArrived: 0, absent: 0, onDayOff: 0 },
  days: [{ date: '2026-03-18', planned: 0, present: 0, late: 0, absent: 0 }],
  branches: [],
  latestChecks: [],
};

describe('dashboard format', () => {
  it('writes dates short on the axis and whole in the tooltip', () => {
    expect(shortDate('2026-03-08')).toBe('08.03');
    expect(tooltipDate('2026-03-18')).toBe('2026-03-18, ср');
    expect(weekdayLong('2026-03-22')).toBe('воскресенье');
  });

  it('reads the branch’s wall time off the instant', () => {
    expect(wallTime('2026-03-18T09:20:00+05:00')).toBe('09:20');
  });

  it('names the branch’s offset only when it differs from the viewer’s', () => {
    expect(zoneNote('2026-03-18T09:20:00+03:00', 180)).toBeNull();
    expect(zoneNote('2026-03-18T09:20:00+05:00', 180)).toBe('UTC+5');
    expect(zoneNote('2026-03-18T09:20:00+05:30', 180)).toBe('UTC+5:30');
    expect(zoneNote('2026-03-18T09:20:00-04:00', 180)).toBe('UTC−4');
    expect(zoneNote('2026-03-18T09:20:00Z', 0)).toBeNull();
  });

  it('takes two initials', () => {
    expect(initialsOf('Петрова Анна')).toBe('ПА');
    expect(initialsOf('  иван ')).toBe('И');
    expect(initialsOf('')).toBe('');
  });

  it('calls a dashboard without plans, checks or absences empty', () => {
    expect(isDashboardEmpty(empty)).toBe(true);
    expect(isDashboardEmpty({ ...empty, today: { ...empty.today, onDayOff: 1 } })).toBe(false);
    expect(
      isDashboardEmpty({
        ...empty,
        days: [{ date: '2026-03-18', planned: 3, present: 0, late: 0, absent: 0 }],
      }),
    ).toBe(false);
  });

  it('rounds shares and never divides by zero', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 0)).toBe(0);
  });
});
