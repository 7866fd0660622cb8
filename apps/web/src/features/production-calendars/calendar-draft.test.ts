import { ApiError } from '../../lib/api-error.ts';
import { describe, expect, it } from 'vitest';
import {
  changedDates,
  holidaysFromYear,
  markProblem,
  marksOf,
  saveErrorsOf,
  setMark,
  toUpdateInput,
  type CalendarLists,
} from './calendar-draft.ts';

const empty: CalendarLists = {
  holidays: [],
  transferredDaysOff: [],
  workingWeekendDays: [],
  shortenedDays: [],
};

describe('production calendar draft', () => {
  it('shows the strongest mark of a date that is in several lists', () => {
    const marks = marksOf({
      holidays: ['2026-01-01'],
      transferredDaysOff: ['2026-01-09'],
      // 2025-11-01 was a working Saturday one hour shorter.
      workingWeekendDays: ['2025-11-01', '2026-02-21'],
      shortenedDays: ['2025-11-01'],
    });
    expect(Object.fromEntries(marks)).toEqual({
      '2026-01-01': 'HOLIDAY',
      '2026-01-09': 'TRANSFERRED',
      '2025-11-01': 'SHORTENED',
      '2026-02-21': 'WORKING_WEEKEND',
    });
  });

  it('moves a date from list to list and makes a shortened Saturday a working one', () => {
    let lists = setMark(empty, '2026-03-07', 'SHORTENED'); // Saturday
    expect(lists).toEqual({
      ...empty,
      shortenedDays: ['2026-03-07'],
      workingWeekendDays: ['2026-03-07'],
    });
    lists = setMark(lists, '2026-03-07', 'HOLIDAY');
    expect(lists).toEqual({ ...empty, holidays: ['2026-03-07'] });
    lists = setMark(lists, '2026-03-06', 'SHORTENED'); // Friday: shortened only
    expect(lists.shortenedDays).toEqual(['2026-03-06']);
    expect(lists.workingWeekendDays).toEqual([]);
    expect(setMark(lists, '2026-03-07', 'NORMAL').holidays).toEqual([]);
  });

  it('says which marks a date cannot take, as the server does', () => {
    expect(markProblem('2026-01-03', 'TRANSFERRED')).toBe('только будний день');
    expect(markProblem('2026-01-05', 'WORKING_WEEKEND')).toBe('только суббота или воскресенье');
    expect(markProblem('2026-01-03', 'WORKING_WEEKEND')).toBeNull();
    expect(markProblem('2026-01-05', 'TRANSFERRED')).toBeNull();
  });

  it('builds a sorted PUT body with the source trimmed', () => {
    expect(
      toUpdateInput({
        ...empty,
        holidays: ['2026-03-08', '2026-01-01', '2026-01-01'],
        provisional: true,
        source: '  Указ  ',
      }),
    ).toEqual({
      ...empty,
      holidays: ['2026-01-01', '2026-03-08'],
      provisional: true,
      source: 'Указ',
    });
  });

  it('lists the dates changed since the last save', () => {
    const saved = new Map([
      ['2026-01-01', 'HOLIDAY' as const],
      ['2026-01-09', 'TRANSFERRED' as const],
    ]);
    const draft = new Map([
      ['2026-01-01', 'HOLIDAY' as const],
      ['2026-01-10', 'WORKING_WEEKEND' as const],
    ]);
    expect([...changedDates(saved, draft)].sort()).toEqual(['2026-01-09', '2026-01-10']);
  });

  it('puts the server’s field errors on the dates that were sent', () => {
    const input = toUpdateInput({
      ...empty,
      holidays: ['2026-01-01'],
      transferredDaysOff: ['2026-01-03'],
      provisional: false,
      source: '',
    });
    const error = new ApiError({
      statusCode: 422,
      code: 'VALIDATION_ERROR',
      message: 'Перенесённый выходной — только будний день',
      details: [
        { field: 'transferredDaysOff.0', message: 'Перенесённый выходной — только будний день' },
        { field: 'source', message: 'Не длиннее 500 символов' },
        { field: 'body', message: 'Некорректное значение' },
      ],
    });
    const errors = saveErrorsOf(error, input);
    expect(Object.fromEntries(errors.byDate)).toEqual({
      '2026-01-03': 'Перенесённый выходной — только будний день',
    });
    expect(errors.other).toEqual(['Некорректное значение']);
  });

  it('moves fixed-date holidays to another year, without 29 February in a common one', () => {
    expect(holidaysFromYear(['2024-01-01', '2024-02-29', '2024-03-08'], 2026)).toEqual([
      '2026-01-01',
      '2026-03-08',
    ]);
  });
});
