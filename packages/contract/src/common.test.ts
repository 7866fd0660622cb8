import { describe, expect, it } from 'vitest';
import {
  BodyIdSchema,
  DateStringSchema,
  HistoryDateStringSchema,
  IdSchema,
  InstantSchema,
  MonthStringSchema,
  PaginationQuerySchema,
  findInvalidText,
  hasInvalidCharacter,
} from './index.ts';

describe('hasInvalidCharacter', () => {
  it('finds NUL, C0 controls and lone surrogates', () => {
    for (const text of [
      'a\u0000b',
      '\u0007',
      '\u001f',
      '\u000b',
      'x\ud800',
      '\udc00y',
      '\ud800\ud800',
    ])
      expect(hasInvalidCharacter(text), JSON.stringify(text)).toBe(true);
  });

  it('lets tabs, line breaks, Cyrillic and paired surrogates (emoji) through', () => {
    for (const text of ['', 'Иван\tПетров', 'строка\nстрока\r\n', '😀 ок', 'a\u007fb'])
      expect(hasInvalidCharacter(text), JSON.stringify(text)).toBe(false);
  });
});

describe('findInvalidText', () => {
  it('answers the path of the first bad value or key, or null', () => {
    expect(findInvalidText({ title: 'ok', shifts: [{ start: '09:00' }] })).toBeNull();
    expect(findInvalidText({ shifts: [{ start: '09:00' }, { end: 'a\u0000' }] })).toEqual([
      'shifts',
      '1',
      'end',
    ]);
    expect(findInvalidText({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findInvalidText('raw\u0000text')).toEqual([]);
    expect(findInvalidText(undefined)).toBeNull();
  });
});

describe('ids', () => {
  it('accepts 1…2^31 − 1 and refuses the rest', () => {
    expect(IdSchema.parse('2147483647')).toBe(2_147_483_647);
    for (const value of ['2147483648', '0', '-1', '1.5', 'abc', '9007199254740993'])
      expect(IdSchema.safeParse(value).success, value).toBe(false);
    expect(BodyIdSchema.parse(5)).toBe(5);
    for (const value of [2 ** 31, '5', true, [5], 0.5])
      expect(BodyIdSchema.safeParse(value).success, String(value)).toBe(false);
  });

  it('bounds the page so that the offset stays small', () => {
    expect(PaginationQuerySchema.safeParse({ page: '100000' }).success).toBe(true);
    expect(PaginationQuerySchema.safeParse({ page: '100001' }).success).toBe(false);
  });
});

describe('dates', () => {
  it('accepts years 2000–2100 only', () => {
    expect(DateStringSchema.safeParse('2000-01-01').success).toBe(true);
    expect(DateStringSchema.safeParse('2100-12-31').success).toBe(true);
    for (const value of ['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
      const result = DateStringSchema.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Год от 2000 до 2100');
    }
  });

  it('lets a hire date go back to 1900', () => {
    expect(HistoryDateStringSchema.safeParse('1987-06-15').success).toBe(true);
    expect(HistoryDateStringSchema.safeParse('1899-12-31').success).toBe(false);
  });

  it('bounds months and instants the same way', () => {
    expect(MonthStringSchema.safeParse('2026-03').success).toBe(true);
    expect(MonthStringSchema.safeParse('0000-01').success).toBe(false);
    expect(MonthStringSchema.safeParse('9999-12').success).toBe(false);
    expect(InstantSchema.safeParse('2026-03-02T09:00:00+03:00').success).toBe(true);
    expect(InstantSchema.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(InstantSchema.safeParse('9999-12-31T23:59:59Z').success).toBe(false);
  });
});
