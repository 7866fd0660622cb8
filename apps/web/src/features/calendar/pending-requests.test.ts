import type { PendingDayOff } from '@smena/contract';
import { describe, expect, it } from 'vitest';
import { monthRange } from './month.ts';
import { pendingByDate, pendingOn, periodText, requestText } from './pending-requests.ts';

const vacation: PendingDayOff = {
  id: 7,
  type: 'VACATION',
  from: '2026-10-28',
  to: '2026-11-03',
  comment: '',
};
const timeOff: PendingDayOff = {
  id: 8,
  type: 'DISMISSED',
  from: '2026-11-03',
  to: '2026-11-03',
  comment: 'К врачу',
};

describe('pending requests', () => {
  it('maps each date of the month to the request covering it, clipped to the month', () => {
    const byDate = pendingByDate([vacation, timeOff], monthRange('2026-11').days);
    expect([...byDate.keys()]).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    // The first request wins where two overlap.
    expect(byDate.get('2026-11-03')?.id).toBe(7);
    expect(pendingByDate([], monthRange('2026-11').days).size).toBe(0);
  });

  it('finds every request of a date and describes it', () => {
    expect(pendingOn([vacation, timeOff], '2026-11-03').map((request) => request.id)).toEqual([
      7, 8,
    ]);
    expect(pendingOn([vacation, timeOff], '2026-11-04')).toEqual([]);
    expect(periodText('2026-10-28', '2026-11-03')).toBe('2026-10-28 — 2026-11-03 (7 дн.)');
    expect(requestText(timeOff)).toBe(
      'Заявка на отсутствие: Отгул, 2026-11-03 (1 дн.), ожидает решения',
    );
  });
});
