import type { AvailabilityMark } from '@smena/contract';
import { describe, expect, it } from 'vitest';
import { markText, marksByDate, shiftMeetsUnavailable } from './availability-marks.ts';

const mark = (over: Partial<AvailabilityMark> = {}): AvailabilityMark => ({
  date: '2026-12-03',
  kind: 'UNAVAILABLE',
  start: null,
  end: null,
  comment: '',
  ...over,
});

describe('availability marks on the calendar', () => {
  it('says what the employee marked, with the hours and the comment', () => {
    expect(markText(mark())).toBe('Сотрудник отметил: не может работать');
    expect(
      markText(mark({ kind: 'PREFER_NOT', start: '10:00', end: '14:00', comment: 'Врач' })),
    ).toBe('Сотрудник отметил: хотел бы не работать с 10:00 до 14:00 (Врач)');
  });

  it('finds a mark by its date', () => {
    expect(marksByDate([mark()]).get('2026-12-03')?.kind).toBe('UNAVAILABLE');
    expect(marksByDate([]).size).toBe(0);
  });

  it('warns for a shift over «Не могу»: the whole day, or only over the marked hours', () => {
    expect(shiftMeetsUnavailable(mark(), '09:00', '18:00')).toBe(true);
    expect(shiftMeetsUnavailable(mark({ kind: 'PREFER_NOT' }), '09:00', '18:00')).toBe(false);
    expect(shiftMeetsUnavailable(undefined, '09:00', '18:00')).toBe(false);
    const morning = mark({ start: '08:00', end: '12:00' });
    expect(shiftMeetsUnavailable(morning, '12:00', '20:00')).toBe(false);
    expect(shiftMeetsUnavailable(morning, '11:00', '20:00')).toBe(true);
    // A night shift from 20:00 runs to midnight on this date.
    expect(shiftMeetsUnavailable(mark({ start: '22:00', end: '23:00' }), '20:00', '08:00')).toBe(
      true,
    );
    expect(shiftMeetsUnavailable(morning, '20:00', '08:00')).toBe(false);
  });
});
