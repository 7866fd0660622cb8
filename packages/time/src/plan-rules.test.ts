import { describe, expect, it } from 'vitest';
import type { LocalDate } from './dates.ts';
import { type PlanInput, type PlanRosterOverride, planRange } from './plan.ts';
import {
  durationText,
  personalMonthNormMinutes,
  planRuleViolations,
  planRulesCoverage,
} from './plan-rules.ts';
import { RU_PRODUCTION_CALENDAR as RU } from './production-calendar.ts';
import type { AccountingPeriod } from './summarized.ts';
import {
  type ScheduleDefinition,
  cyclePreset,
  fixedWeek,
  nightWeek,
} from './schedule-definition.ts';

const MSK = 'Europe/Moscow';
const BERLIN = 'Europe/Berlin';
const fiveTwo = fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 });

type Roster = Record<LocalDate, [string, string][]>;

function rosterOf(roster: Roster): PlanRosterOverride[] {
  return Object.entries(roster).map(([date, shifts]) => ({
    date,
    shifts: shifts.map(([start, end]) => ({ start, end, breakMinutes: 0 })),
  }));
}

/** The violations of a month, planned the way the server plans it: schedule, roster, day-offs. */
function violations(
  month: { from: LocalDate; to: LocalDate },
  options: {
    schedule?: ScheduleDefinition | null;
    roster?: Roster;
    timezone?: string;
    dayOffs?: PlanInput['dayOffs'];
    accountingPeriod?: AccountingPeriod;
  },
) {
  const coverage = planRulesCoverage(month, options.accountingPeriod);
  const input: PlanInput = {
    timezone: options.timezone ?? MSK,
    assignments: [{ effectiveFrom: '2020-01-01', schedule: options.schedule ?? null }],
    rosterOverrides: rosterOf(options.roster ?? {}),
    dayOffs: options.dayOffs,
    calendar: RU,
  };
  return planRuleViolations({
    timezone: input.timezone,
    period: month,
    plans: planRange(input, coverage.from, coverage.to),
    schedulePlans: planRange({ ...input, rosterOverrides: [] }, coverage.from, coverage.to),
    calendar: RU,
    accountingPeriod: options.accountingPeriod,
  });
}

const codes = (list: { code: string; from: string; to: string }[]) =>
  list.map((v) => `${v.code} ${v.from}..${v.to}`);

/** Six 8-hour days Monday–Saturday, the rest set by Saturday's end and Monday's start. */
function sixDayWeek(saturdayEnd: string, mondayStart: string): Roster {
  return {
    '2026-03-09': [['09:00', '17:00']],
    '2026-03-10': [['09:00', '17:00']],
    '2026-03-11': [['09:00', '17:00']],
    '2026-03-12': [['09:00', '17:00']],
    '2026-03-13': [['09:00', '17:00']],
    '2026-03-14': [['09:00', saturdayEnd]],
    '2026-03-16': [[mondayStart, '17:00']],
  };
}

describe('weekly uninterrupted rest (art. 110)', () => {
  const march = { from: '2026-03-09', to: '2026-03-15' };

  it('accepts exactly 42 hours: Saturday 17:00 to Monday 11:00', () => {
    expect(violations(march, { roster: sixDayWeek('17:00', '11:00') })).toEqual([]);
  });

  it('flags 41 h 59 min: Saturday 17:00 to Monday 10:59', () => {
    const found = violations(march, { roster: sixDayWeek('17:00', '10:59') });
    expect(found).toEqual([
      {
        code: 'WEEKLY_REST',
        article: '110',
        from: '2026-03-09',
        to: '2026-03-15',
        message:
          'Самый долгий непрерывный отдых за неделю — 41 ч 59 мин, а по статье 110 ТК РФ он ' +
          'должен быть не меньше 42 ч.',
      },
    ]);
  });

  it('measures instants: 42 wall hours over the spring DST change in Berlin are 41 hours', () => {
    // 29 March 2026: 02:00 → 03:00 in Berlin. Saturday 18:00 → Monday 12:00 is 41 real hours.
    const roster: Roster = {
      '2026-03-23': [['09:00', '17:00']],
      '2026-03-24': [['09:00', '17:00']],
      '2026-03-25': [['09:00', '17:00']],
      '2026-03-26': [['09:00', '17:00']],
      '2026-03-27': [['09:00', '17:00']],
      '2026-03-28': [['10:00', '18:00']],
      '2026-03-30': [['12:00', '18:00']],
    };
    const week = { from: '2026-03-23', to: '2026-03-29' };
    const found = violations(week, { roster, timezone: BERLIN });
    expect(codes(found)).toEqual(['WEEKLY_REST 2026-03-23..2026-03-29']);
    expect(found[0]!.message).toContain('41 ч,');
    // The same wall times in Moscow (no DST) are 42 hours: lawful.
    expect(violations(week, { roster, timezone: MSK })).toEqual([]);
  });

  it('measures instants: 41 wall hours over the autumn DST change in Berlin are 42 hours', () => {
    // 25 October 2026: 03:00 → 02:00 in Berlin. Saturday 18:00 → Monday 11:00 is 42 real hours.
    const roster: Roster = {
      '2026-10-19': [['09:00', '17:00']],
      '2026-10-20': [['09:00', '17:00']],
      '2026-10-21': [['09:00', '17:00']],
      '2026-10-22': [['09:00', '17:00']],
      '2026-10-23': [['09:00', '17:00']],
      '2026-10-24': [['10:00', '18:00']],
      '2026-10-26': [['11:00', '18:00']],
    };
    const week = { from: '2026-10-19', to: '2026-10-25' };
    expect(violations(week, { roster, timezone: BERLIN })).toEqual([]);
    expect(codes(violations(week, { roster, timezone: MSK }))).toEqual([
      'WEEKLY_REST 2026-10-19..2026-10-25',
    ]);
  });

  it('counts a rest across the week edge for both weeks: nights Monday–Saturday', () => {
    // Nights 20:00–08:00 Monday to Saturday: the longest rest is Sunday 08:00 → Monday 20:00,
    // 36 hours, and it is the longest of both weeks it touches.
    const nights = nightWeek({ start: '20:00', end: '08:00', workingDays: [0, 1, 2, 3, 4, 5] });
    const found = violations(
      { from: '2026-03-09', to: '2026-03-22' },
      { schedule: { ...nights, followsProductionCalendar: false } },
    );
    const weekly = found.filter((v) => v.code === 'WEEKLY_REST');
    expect(codes(weekly)).toEqual([
      'WEEKLY_REST 2026-03-09..2026-03-15',
      'WEEKLY_REST 2026-03-16..2026-03-22',
    ]);
    expect(weekly[0]!.message).toContain('36 ч,');
    // Twelve hours between nights equal the night itself: not two shifts in a row.
    expect(found.filter((v) => v.code === 'SHIFTS_IN_A_ROW')).toEqual([]);
  });

  it('finds nothing wrong with nights Monday–Friday: Saturday 08:00 → Monday 20:00 is 60 hours', () => {
    const nights = nightWeek({ start: '20:00', end: '08:00' });
    expect(
      violations(
        { from: '2026-03-09', to: '2026-03-22' },
        { schedule: { ...nights, followsProductionCalendar: false } },
      ),
    ).toEqual([]);
  });

  it('has nothing to say about a week without work', () => {
    expect(violations({ from: '2026-03-09', to: '2026-03-15' }, {})).toEqual([]);
  });
});

describe('two shifts in a row (art. 103)', () => {
  const week = { from: '2026-03-09', to: '2026-03-15' };

  it('flags a day shift right after a night shift', () => {
    const found = violations(week, {
      roster: { '2026-03-10': [['20:00', '08:00']], '2026-03-11': [['08:00', '16:00']] },
    });
    expect(found).toEqual([
      {
        code: 'SHIFTS_IN_A_ROW',
        article: '103',
        from: '2026-03-10',
        to: '2026-03-11',
        message:
          'Смена 2026-03-11 начинается сразу после смены 2026-03-10: статья 103 ТК РФ ' +
          'запрещает работу две смены подряд.',
      },
    ]);
  });

  it('judges the rest across midnight by its length against the shift before it', () => {
    const evening: Roster = { '2026-03-10': [['14:00', '23:00']] };
    // 23:00 → 07:00 is 8 hours of rest after a 9-hour shift: in a row.
    const short = violations(week, { roster: { ...evening, '2026-03-11': [['07:00', '15:00']] } });
    expect(codes(short)).toEqual(['SHIFTS_IN_A_ROW 2026-03-10..2026-03-11']);
    expect(short[0]!.message).toBe(
      'Между сменами 2026-03-10 и 2026-03-11 только 8 ч отдыха — меньше самой смены (9 ч); ' +
        'статья 103 ТК РФ запрещает работу две смены подряд.',
    );
    // 23:00 → 08:00 is 9 hours: as long as the shift, lawful.
    expect(
      violations(week, { roster: { ...evening, '2026-03-11': [['08:00', '16:00']] } }),
    ).toEqual([]);
  });

  it('takes the parts of one date as one divided working day, not shifts in a row', () => {
    expect(
      violations(week, {
        roster: {
          '2026-03-10': [
            ['08:00', '12:00'],
            ['16:00', '20:00'],
          ],
        },
      }),
    ).toEqual([]);
  });

  it('accepts 2/2 day shifts of 12 hours: 12 hours of rest after 12 hours of work', () => {
    const twoTwo = cyclePreset('2/2', { anchorDate: '2026-03-01' });
    const found = violations({ from: '2026-03-02', to: '2026-03-29' }, { schedule: twoTwo });
    expect(found).toEqual([]);
  });
});

describe('shift length', () => {
  it('flags 24-hour shifts of 1/3 as longer than 12 hours', () => {
    const oneThree = cyclePreset('1/3', { anchorDate: '2026-03-02' });
    const found = violations({ from: '2026-03-02', to: '2026-03-08' }, { schedule: oneThree });
    expect(codes(found)).toEqual([
      'LONG_SHIFT 2026-03-02..2026-03-02',
      'LONG_SHIFT 2026-03-06..2026-03-06',
    ]);
    expect(found[0]!.message).toContain('Смена — 24 ч работы: дольше 12 ч');
  });
});

describe('the month norm (art. 91, 104)', () => {
  it('knows March 2026: 168 hours for a 40-hour week', () => {
    expect(personalMonthNormMinutes(RU, '2026-03', [])).toBe(168 * 60);
  });

  it('accepts a 5/2 month that follows the calendar', () => {
    expect(violations({ from: '2026-03-01', to: '2026-03-31' }, { schedule: fiveTwo })).toEqual([]);
  });

  it('flags a month over the norm: two Saturdays of 6 hours on top of a 5/2 March', () => {
    const found = violations(
      { from: '2026-03-01', to: '2026-03-31' },
      {
        schedule: fiveTwo,
        // Saturday 15:00 → Monday 09:00 is 42 hours: the weekly rest holds.
        roster: { '2026-03-14': [['09:00', '15:00']], '2026-03-21': [['09:00', '15:00']] },
      },
    );
    expect(found).toEqual([
      {
        code: 'OVER_MONTH_NORM',
        article: '91',
        from: '2026-03-01',
        to: '2026-03-31',
        message:
          'Запланировано 180 ч — больше нормы месяца (168 ч по производственному календарю с ' +
          'учётом отсутствий) на 12 ч: сверх нормы — сверхурочная работа (статьи 91, 99 ТК РФ; ' +
          'при суммированном учёте норма считается за учётный период, статья 104).',
      },
    ]);
  });

  it('reduces the norm by a vacation: 2/2 of 11 hours with a week off in March', () => {
    // 2/2 of 11 hours (12 h with a 60-minute break) from 1 March: 16 shifts, 176 hours > 168.
    const twoTwo = cyclePreset('2/2', { anchorDate: '2026-03-01', breakMinutes: 60 });
    const month = { from: '2026-03-01', to: '2026-03-31' };
    expect(codes(violations(month, { schedule: twoTwo }))).toEqual([
      'OVER_MONTH_NORM 2026-03-01..2026-03-31',
    ]);
    // A vacation 16–22 March takes 4 shifts (44 h) and 5 working days (40 h) of the norm:
    // 132 hours planned, 128 the norm — still over by 4 hours.
    const vacation = violations(month, {
      schedule: twoTwo,
      dayOffs: [{ from: '2026-03-16', to: '2026-03-22', type: 'VACATION' }],
    });
    expect(vacation.map((v) => v.message)).toEqual([
      expect.stringContaining('Запланировано 132 ч — больше нормы месяца (128 ч'),
    ]);
  });
});

describe('summarized accounting (art. 104)', () => {
  const march = { from: '2026-03-01', to: '2026-03-31' };
  // Ten March days of 10 hours instead of 8: 20 hours above the schedule.
  const longMarch: Roster = Object.fromEntries(
    ['02', '03', '04', '05', '06', '10', '11', '12', '13', '16'].map((d) => [
      `2026-03-${d}`,
      [['08:00', '18:00']],
    ]),
  );
  // Ten February days of 6 hours: 20 hours below.
  const shortFebruary: Roster = Object.fromEntries(
    ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13'].map((d) => [
      `2026-02-${d}`,
      [['09:00', '15:00']],
    ]),
  );
  const over = <T extends { code: string }>(list: T[]) =>
    list.filter((v) => v.code === 'OVER_MONTH_NORM');

  it('judges the quarter, not the month: 460 h planned against 440 h of Q1 2026', () => {
    expect(codes(over(violations(march, { schedule: fiveTwo, roster: longMarch })))).toEqual([
      'OVER_MONTH_NORM 2026-03-01..2026-03-31',
    ]);
    const found = over(
      violations(march, { schedule: fiveTwo, roster: longMarch, accountingPeriod: 'QUARTER' }),
    );
    expect(found).toEqual([
      {
        code: 'OVER_MONTH_NORM',
        article: '104',
        from: '2026-01-01',
        to: '2026-03-31',
        message:
          'За учётный период 2026-01-01 — 2026-03-31 запланировано 460 ч — больше его нормы ' +
          '(440 ч по производственному календарю с учётом отсутствий) на 20 ч: при ' +
          'суммированном учёте сверх нормы периода — сверхурочная работа (статьи 99, 104 ТК РФ).',
      },
    ]);
  });

  it('lets a long month be balanced by a short one of the same quarter', () => {
    const roster = { ...longMarch, ...shortFebruary };
    expect(
      over(violations(march, { schedule: fiveTwo, roster, accountingPeriod: 'QUARTER' })),
    ).toEqual([]);
    // Asked for January, the quarter is planned to its end all the same.
    const january = { from: '2026-01-01', to: '2026-01-31' };
    expect(
      over(
        violations(january, { schedule: fiveTwo, roster: longMarch, accountingPeriod: 'QUARTER' }),
      ),
    ).toHaveLength(1);
  });

  it('reduces the quarter’s norm by a vacation: 16.02–01.03 takes 72 h of plan and of norm', () => {
    const found = over(
      violations(march, {
        schedule: fiveTwo,
        roster: longMarch,
        dayOffs: [{ from: '2026-02-16', to: '2026-03-01', type: 'VACATION' }],
        accountingPeriod: 'QUARTER',
      }),
    );
    expect(found.map((v) => v.message)).toEqual([
      expect.stringContaining('запланировано 388 ч — больше его нормы (368 ч'),
    ]);
  });

  it('allows shifts up to 24 hours', () => {
    const roster: Roster = { '2026-03-14': [['06:00', '22:00']] };
    const long = <T extends { code: string }>(list: T[]) =>
      list.filter((v) => v.code === 'LONG_SHIFT');
    expect(codes(long(violations(march, { schedule: fiveTwo, roster })))).toEqual([
      'LONG_SHIFT 2026-03-14..2026-03-14',
    ]);
    expect(
      long(violations(march, { schedule: fiveTwo, roster, accountingPeriod: 'YEAR' })),
    ).toEqual([]);
  });
});

describe('planned overtime (art. 99)', () => {
  const march = { from: '2026-03-01', to: '2026-03-31' };

  it('flags more than 4 hours above the schedule on two days running', () => {
    // The schedule plans 8 hours; the roster 11 on Tuesday and 10 on Wednesday: 5 h over.
    const found = violations(march, {
      schedule: fiveTwo,
      roster: { '2026-03-10': [['08:00', '19:00']], '2026-03-11': [['08:00', '18:00']] },
    });
    expect(codes(found)).toEqual([
      'OVER_MONTH_NORM 2026-03-01..2026-03-31',
      'OVERTIME_TWO_DAYS 2026-03-10..2026-03-11',
    ]);
    expect(found[1]!.message).toBe(
      'За два дня подряд запланировано 5 ч сверх графика, а статья 99 ТК РФ допускает не ' +
        'больше 4 ч сверхурочной работы за два дня подряд.',
    );
  });

  it('accepts exactly 4 hours over two days, and does not count work on a rest day', () => {
    const found = violations(march, {
      schedule: fiveTwo,
      roster: {
        '2026-03-10': [['08:00', '19:00']],
        '2026-03-11': [['09:00', '18:00']],
        '2026-03-14': [['09:00', '21:00']],
      },
    });
    expect(found.filter((v) => v.code.startsWith('OVERTIME'))).toEqual([]);
  });

  it('flags more than 120 hours a year', () => {
    // 3 hours over on every working day from January.
    const roster: Roster = {};
    for (const plan of planRange(
      {
        timezone: MSK,
        assignments: [{ effectiveFrom: '2020-01-01', schedule: fiveTwo }],
        calendar: RU,
      },
      '2026-01-01',
      '2026-03-31',
    ))
      if (plan.kind === 'WORK') roster[plan.date] = [['08:00', '19:00']];
    const found = violations(march, { schedule: fiveTwo, roster });
    // Every weekday 3 hours over: one violation per run of weekdays, not one per pair.
    const twoDays = found.filter((v) => v.code === 'OVERTIME_TWO_DAYS');
    expect(codes(twoDays)).toEqual([
      'OVERTIME_TWO_DAYS 2026-03-02..2026-03-06',
      'OVERTIME_TWO_DAYS 2026-03-10..2026-03-13',
      'OVERTIME_TWO_DAYS 2026-03-16..2026-03-20',
      'OVERTIME_TWO_DAYS 2026-03-23..2026-03-27',
      'OVERTIME_TWO_DAYS 2026-03-30..2026-03-31',
    ]);
    expect(twoDays[0]!.message).toBe(
      'С 2026-03-02 по 2026-03-06 каждые два дня подряд — больше 4 ч сверх графика (до 6 ч), ' +
        'а статья 99 ТК РФ допускает не больше 4 ч сверхурочной работы за два дня подряд.',
    );
    const year = found.filter((v) => v.code === 'OVERTIME_YEAR');
    expect(codes(year)).toEqual(['OVERTIME_YEAR 2026-01-01..2026-03-31']);
    // 11 hours against the schedule's 8 on 15 + 19 + 21 working days: 165 hours.
    expect(year[0]!.message).toContain('запланировано 165 ч сверх графика');
  });
});

describe('planRulesCoverage and durationText', () => {
  it('covers the year so far and the weeks around the month', () => {
    expect(planRulesCoverage({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-04-07',
    });
    expect(planRulesCoverage({ from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2025-12-26',
      to: '2026-02-03',
    });
  });

  it('writes durations the product way', () => {
    expect([durationText(30), durationText(120), durationText(2519)]).toEqual([
      '30 мин',
      '2 ч',
      '41 ч 59 мин',
    ]);
  });
});
