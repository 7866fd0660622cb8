import type { AvailabilityMark } from '@smena/contract';
import { describe, expect, it } from 'vitest';
import {
  copyWeekConflicts,
  markText,
  marksByDate,
  shiftConflicts,
  shiftMeetsUnavailable,
} from './availability-marks.ts';

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

describe('«Не могу» under bulk actions', () => {
  const day = (date: string, start: string | null) => ({
    date,
    kind: start ? 'WORK' : 'REST',
    shifts: start ? [{ start: `${date}T${start}:00+03:00`, end: `${date}T18:00:00+03:00` }] : [],
  });
  const row = {
    employeeId: 5,
    name: 'Соколова Вера',
    availability: [
      {
        date: '2026-03-10',
        kind: 'UNAVAILABLE' as const,
        start: '08:00',
        end: '10:00',
        comment: '',
      },
      { date: '2026-03-17', kind: 'UNAVAILABLE' as const, start: null, end: null, comment: '' },
      { date: '2026-03-21', kind: 'UNAVAILABLE' as const, start: null, end: null, comment: '' },
      { date: '2026-03-18', kind: 'PREFER_NOT' as const, start: null, end: null, comment: '' },
    ],
    // Monday 9 March to Sunday 15 March: Monday–Friday from 09:00, the weekend off.
    days: ['09', '10', '11', '12', '13', '14', '15'].map((d, index) =>
      day(`2026-03-${d}`, index < 5 ? '09:00' : null),
    ),
  };

  it('finds the selected cells a shift would put over «Не могу»', () => {
    const cells = [
      { employeeId: 5, date: '2026-03-10' },
      { employeeId: 5, date: '2026-03-18' },
    ];
    expect(shiftConflicts([row], cells, '09:00', '18:00').map((c) => c.date)).toEqual([
      '2026-03-10',
    ]);
    expect(shiftConflicts([row], cells, '10:00', '18:00')).toEqual([]);
  });

  it('finds the dates a copied week would put a shift over «Не могу»', () => {
    const conflicts = copyWeekConflicts([row], [5], '2026-03-09', '2026-03-31');
    // Tuesday 17 March repeats Tuesday's shift; Saturday 21 March repeats a rest day.
    expect(conflicts).toEqual([
      {
        employeeId: 5,
        name: 'Соколова Вера',
        date: '2026-03-17',
        text: 'Сотрудник отметил: не может работать',
      },
    ]);
    expect(copyWeekConflicts([row], [6], '2026-03-09', '2026-03-31')).toEqual([]);
  });
});
