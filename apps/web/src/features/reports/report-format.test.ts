import { describe, expect, it } from 'vitest';
import {
  codeTone,
  codesInUse,
  codesLine,
  daysHoursText,
  employeesCount,
  entriesText,
  hoursLine,
  hoursParts,
  isHourlyCode,
  longDate,
  monthTitle,
  summarizedLine,
  wallTimeOf,
} from './report-format.ts';

describe('report formats', () => {
  it('write hours as ч:мм, so that totals are the sums of what is shown', () => {
    expect(daysHoursText({ days: 21, minutes: 10_080 })).toBe('21 дн., 168:00');
    // 8 × 8:20 + 7:40: rounded to 0,1 h the cells made 74,1 and the total 74,3.
    const days = [...Array.from({ length: 8 }, () => 500), 460];
    const total = days.reduce((sum, minutes) => sum + minutes, 0);
    expect(days.map((minutes) => hoursLine([{ code: 'Я', minutes }]))).toEqual([
      ...Array.from({ length: 8 }, () => '8:20'),
      '7:40',
    ]);
    expect(daysHoursText({ days: 9, minutes: total })).toBe('9 дн., 74:20');
  });

  it('write a date’s codes over their hours like the paper form', () => {
    const entries = [
      { code: 'Я' as const, minutes: 360 },
      { code: 'Н' as const, minutes: 120 },
    ];
    expect(codesLine(entries)).toBe('Я/Н');
    expect(hoursLine(entries)).toBe('6:00/2:00');
    expect(hoursLine([{ code: 'ОТ', minutes: null }])).toBe('');
    // A few minutes of overtime are shown as they are, not rounded away.
    expect(
      hoursParts([
        { code: 'Я', minutes: 500 },
        { code: 'С', minutes: 2 },
      ]),
    ).toEqual(['8:20', '0:02']);
    expect(entriesText([{ code: 'ОТ', minutes: null }, ...entries])).toBe('ОТ, Я 6:00, Н 2:00');
  });

  it('colour codes by kind and count absences in days', () => {
    expect(codeTone('Я')).toBe('work');
    expect(codeTone('Н')).toBe('night');
    expect(codeTone('РВ')).toBe('extra');
    expect(codeTone('ОТ')).toBe('vacation');
    expect(codeTone('Б')).toBe('sick');
    expect(codeTone('В')).toBe('rest');
    expect(codeTone('НН')).toBe('absent');
    expect(isHourlyCode('Я')).toBe(true);
    expect(isHourlyCode('ОТ')).toBe(false);
  });

  it('list the codes in use in the form’s order', () => {
    expect(
      codesInUse([
        [{ code: 'В', minutes: null }],
        [{ code: 'Я', minutes: 480 }],
        [{ code: 'ОТ', minutes: null }],
      ]),
    ).toEqual(['Я', 'ОТ', 'В']);
  });

  it('show the wall time written with the branch’s offset', () => {
    expect(wallTimeOf('2026-05-04T09:05:00+05:00', 'Europe/Moscow')).toBe('09:05');
    expect(wallTimeOf('2026-05-04T06:05:00Z', 'Europe/Moscow')).toBe('09:05');
  });

  it('name months, dates and counts in Russian', () => {
    expect(monthTitle('2026-05')).toBe('Май 2026');
    expect(longDate('2026-05-04')).toBe('пн, 4 мая 2026');
    expect(employeesCount(1)).toBe('1 сотрудник');
    expect(employeesCount(3)).toBe('3 сотрудника');
    expect(employeesCount(11)).toBe('11 сотрудников');
    expect(employeesCount(25)).toBe('25 сотрудников');
  });
});

describe('summarizedLine', () => {
  const quarter = {
    period: 'QUARTER' as const,
    from: '2026-01-01',
    to: '2026-03-31',
    normMinutes: 368 * 60,
    plannedMinutes: 368 * 60,
    workedMinutes: 388 * 60,
  };

  it('gives the period’s overtime at its end', () => {
    expect(
      summarizedLine({ ...quarter, asOf: '2026-03-31', closed: true, overtimeMinutes: 20 * 60 }),
    ).toBe('Суммированный учёт, квартал: отработано 388:00 при норме 368:00, сверхурочные 20:00');
  });

  it('gives the hours to date before it', () => {
    expect(
      summarizedLine({
        ...quarter,
        asOf: '2026-03-15',
        normMinutes: 272 * 60,
        plannedMinutes: 272 * 60,
        workedMinutes: 290 * 60 + 30,
        closed: false,
        overtimeMinutes: 0,
      }),
    ).toBe(
      'Суммированный учёт, квартал по 2026-03-15: отработано 290:30, план 272:00, норма 272:00',
    );
  });
});
