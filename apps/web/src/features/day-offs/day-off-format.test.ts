import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  daysLabel,
  defaultPeriod,
  holidaysNote,
  periodDays,
  periodExtra,
  periodLabel,
  recordsLabel,
} from './day-off-format.ts';
import { parseListState, toApiQuery, toSearchParams } from './list-params.ts';

describe('periodDays', () => {
  it('counts both dates', () => {
    expect(periodDays('2026-07-01', '2026-07-14')).toBe(14);
    expect(periodDays('2026-07-01', '2026-07-01')).toBe(1);
  });

  it('crosses months, leap days and the DST change', () => {
    expect(periodDays('2028-02-28', '2028-03-01')).toBe(3);
    expect(periodDays('2026-03-28', '2026-03-30')).toBe(3);
    expect(periodDays('2026-12-30', '2027-01-02')).toBe(4);
  });

  it('is 0 for a reversed or broken range', () => {
    expect(periodDays('2026-07-14', '2026-07-01')).toBe(0);
    expect(periodDays('нет', '2026-07-01')).toBe(0);
  });
});

describe('periodLabel', () => {
  it('shows the range and the days', () => {
    expect(periodLabel('2026-07-01', '2026-07-14')).toBe('2026-07-01 — 2026-07-14 (14 дн.)');
    expect(periodLabel('2026-05-09', '2026-05-09')).toBe('2026-05-09 (1 дн.)');
  });
});

describe('recordsLabel', () => {
  it('declines the noun', () => {
    expect(recordsLabel(1)).toBe('1 запись');
    expect(recordsLabel(3)).toBe('3 записи');
    expect(recordsLabel(11)).toBe('11 записей');
    expect(recordsLabel(22)).toBe('22 записи');
  });
});

describe('list state', () => {
  const today = dayjs('2026-07-15');

  it('defaults to the current month ± 1', () => {
    expect(defaultPeriod(today)).toEqual({ from: '2026-06-01', to: '2026-08-31' });
    const state = parseListState(new URLSearchParams(), today);
    expect(state).toMatchObject({ tab: 'all', from: '2026-06-01', to: '2026-08-31', page: 1 });
    expect(toSearchParams(state, today).toString()).toBe('');
  });

  it('keeps valid filters and drops wrong ones', () => {
    const state = parseListState(
      new URLSearchParams('tab=requests&type=VACATION&status=NOPE&employeeId=7&from=2026-13-01'),
      today,
    );
    expect(state).toMatchObject({ tab: 'requests', type: 'VACATION', employeeId: 7 });
    expect(state.status).toBeUndefined();
    expect(state.from).toBe('2026-06-01');
    expect(toSearchParams(state, today).toString()).toBe('tab=requests&employeeId=7&type=VACATION');
  });

  it('asks for every pending request on «Заявки», whatever the period', () => {
    const state = parseListState(new URLSearchParams('tab=requests'), today);
    const query = toApiQuery(state);
    expect(query.status).toBe('REQUESTED');
    expect(query.from).toBeUndefined();
  });
});

describe('holidays left out of a vacation', () => {
  it('are said in words that agree with the number', () => {
    expect(holidaysNote(1)).toBe('1 нерабочий праздник в отпуск не входит (ст. 120 ТК РФ)');
    expect(holidaysNote(3)).toBe('3 нерабочих праздника в отпуск не входят (ст. 120 ТК РФ)');
    expect(holidaysNote(8)).toBe('8 нерабочих праздников в отпуск не входят (ст. 120 ТК РФ)');
  });

  it('show in the day count and the form hint', () => {
    expect(daysLabel({ days: 13, holidays: 1 })).toBe('13 дн. + 1 праздн.');
    expect(daysLabel({ days: 14, holidays: 0 })).toBe('14 дн.');
    expect(periodLabel('2026-11-01', '2026-11-14', { days: 13, holidays: 1 })).toBe(
      '2026-11-01 — 2026-11-14 (13 дн. + 1 праздн.)',
    );
    expect(periodExtra({ days: 13, holidays: 1 })).toBe(
      '13 дн. отпуска: 1 нерабочий праздник в отпуск не входит (ст. 120 ТК РФ). Обе даты включительно',
    );
    expect(periodExtra({ days: 7, holidays: 0 })).toBe('7 дн., обе даты включительно');
    expect(periodExtra(null)).toBe('Обе даты включительно');
  });
});
