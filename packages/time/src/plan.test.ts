import { describe, expect, it } from 'vitest';
import {
  type DayPlan,
  type PlanInput,
  createPlanner,
  planDay,
  planRange,
  plannedMinutesOf,
} from './plan.ts';
import { RU_PRODUCTION_CALENDAR as RU } from './production-calendar.ts';
import {
  type ScheduleDefinition,
  FlexScheduleSchema,
  cyclePreset,
  fixedWeek,
  nightWeek,
} from './schedule-definition.ts';

const MSK = 'Europe/Moscow';
const fiveTwo = fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 });

function input(schedule: ScheduleDefinition | null, overrides: Partial<PlanInput> = {}): PlanInput {
  return {
    timezone: MSK,
    assignments: [{ effectiveFrom: '2020-01-01', schedule }],
    calendar: RU,
    ...overrides,
  };
}

function work(plan: DayPlan) {
  if (plan.kind !== 'WORK') throw new Error(`expected WORK on ${plan.date}, got ${plan.kind}`);
  return plan;
}

function kinds(plans: DayPlan[]): string[] {
  return plans.map((plan) => plan.kind);
}

describe('FIXED 5/2', () => {
  it('plans 09:00–18:00 with a 60-minute break as 480 minutes in Moscow', () => {
    expect(planDay(input(fiveTwo), '2026-01-12')).toEqual({
      date: '2026-01-12',
      kind: 'WORK',
      shifts: [
        {
          start: '2026-01-12T09:00:00+03:00',
          startMs: Date.parse('2026-01-12T06:00:00Z'),
          end: '2026-01-12T18:00:00+03:00',
          endMs: Date.parse('2026-01-12T15:00:00Z'),
          breakMinutes: 60,
          plannedMinutes: 480,
        },
      ],
      shortened: false,
    });
  });

  it('rests on Saturday and Sunday', () => {
    expect(kinds(planRange(input(fiveTwo), '2026-01-12', '2026-01-18'))).toEqual([
      'WORK',
      'WORK',
      'WORK',
      'WORK',
      'WORK',
      'REST',
      'REST',
    ]);
  });
});

describe('NIGHT', () => {
  it('plans 20:00–08:00 on the day it starts, ending the next morning', () => {
    const night = nightWeek({
      start: '20:00',
      end: '08:00',
      breakMinutes: 60,
      workingDays: [0, 1, 2, 3, 4, 5, 6],
    });
    const [monday, tuesday] = planRange(input(night), '2026-01-12', '2026-01-13').map(work);
    expect(monday?.shifts).toMatchObject([
      { start: '2026-01-12T20:00:00+03:00', end: '2026-01-13T08:00:00+03:00', plannedMinutes: 660 },
    ]);
    expect(tuesday?.shifts[0]?.start).toBe('2026-01-13T20:00:00+03:00');
  });
});

describe('DYNAMIC cycles', () => {
  it('runs 2/2 from the anchor, also on dates before it', () => {
    const twoTwo = cyclePreset('2/2', {
      anchorDate: '2026-01-01',
      start: '08:00',
      end: '20:00',
      breakMinutes: 60,
    });
    const plans = planRange(input(twoTwo), '2025-12-27', '2026-01-08');
    expect(kinds(plans)).toEqual([
      'REST', // 12-27: -5 ≡ 3
      'WORK',
      'WORK',
      'REST',
      'REST', // 12-28 … 12-31
      'WORK',
      'WORK',
      'REST',
      'REST', // anchor 01-01 …
      'WORK',
      'WORK',
      'REST',
      'REST',
    ]);
    expect(work(plans[5]!).shifts[0]).toMatchObject({
      start: '2026-01-01T08:00:00+03:00',
      end: '2026-01-01T20:00:00+03:00',
      plannedMinutes: 660,
    });
  });

  it('runs 1/3 24-hour shifts, each ending the next morning', () => {
    const oneThree = cyclePreset('1/3', { anchorDate: '2026-01-01', breakMinutes: 120 });
    const plans = planRange(input(oneThree), '2025-12-24', '2026-01-09');
    const worked = plans.filter((plan) => plan.kind === 'WORK').map((plan) => plan.date);
    expect(worked).toEqual(['2025-12-24', '2025-12-28', '2026-01-01', '2026-01-05', '2026-01-09']);
    expect(work(plans[8]!).shifts).toMatchObject([
      {
        start: '2026-01-01T09:00:00+03:00',
        end: '2026-01-02T09:00:00+03:00',
        plannedMinutes: 1320,
      },
    ]);
  });
});

describe('FLEX', () => {
  const flexSchedule = (day: object) =>
    FlexScheduleSchema.parse({
      type: 'FLEX',
      days: [0, 1, 2, 3, 4, 5, 6].map((i) =>
        i < 5
          ? { working: true, requiredMinutes: 480, breakMinutes: 60, ...day }
          : { working: false, requiredMinutes: 0 },
      ),
    });

  it('gives the allowed window as the shift, the required minutes as its plan, and the core', () => {
    const plan = work(
      planDay(
        input(
          flexSchedule({
            coreStart: '11:00',
            coreEnd: '16:00',
            earliestStart: '07:00',
            latestEnd: '20:00',
          }),
        ),
        '2026-01-12',
      ),
    );
    expect(plan.shifts).toMatchObject([
      {
        start: '2026-01-12T07:00:00+03:00',
        end: '2026-01-12T20:00:00+03:00',
        plannedMinutes: 480,
        breakMinutes: 60,
      },
    ]);
    expect(plan.flex).toMatchObject({
      requiredMinutes: 480,
      window: { start: '2026-01-12T07:00:00+03:00', end: '2026-01-12T20:00:00+03:00' },
      core: { start: '2026-01-12T11:00:00+03:00', end: '2026-01-12T16:00:00+03:00' },
    });
  });

  it('opens the whole local day when no window is set, and has no core then', () => {
    const plan = work(planDay(input(flexSchedule({})), '2026-01-12'));
    expect(plan.flex?.window).toMatchObject({
      start: '2026-01-12T00:00:00+03:00',
      end: '2026-01-13T00:00:00+03:00',
    });
    expect(plan.flex?.core).toBeUndefined();
  });

  it('requires an hour less on a shortened day', () => {
    const plan = work(planDay(input(flexSchedule({})), '2026-04-30'));
    expect(plan).toMatchObject({ shortened: true, flex: { requiredMinutes: 420 } });
    expect(plannedMinutesOf(plan)).toBe(420);
  });
});

describe('roster overrides', () => {
  const twoTwo = cyclePreset('2/2', {
    anchorDate: '2026-01-01',
    start: '08:00',
    end: '20:00',
    breakMinutes: 60,
  });

  it('replace the cycle: shifts on a rest day, rest on a working day', () => {
    const planner = createPlanner(
      input(twoTwo, {
        rosterOverrides: [
          {
            date: '2026-01-03',
            shifts: [
              { start: '08:00', end: '12:00', breakMinutes: 0 },
              { start: '16:00', end: '20:00', breakMinutes: 0 },
            ],
          },
          { date: '2026-01-05', shifts: [] },
        ],
      }),
    );
    expect(work(planner.planDay('2026-01-03')).shifts).toMatchObject([
      { start: '2026-01-03T08:00:00+03:00', end: '2026-01-03T12:00:00+03:00', plannedMinutes: 240 },
      { start: '2026-01-03T16:00:00+03:00', end: '2026-01-03T20:00:00+03:00', plannedMinutes: 240 },
    ]);
    expect(planner.planDay('2026-01-05').kind).toBe('REST');
  });

  it('are taken literally: on a holiday, without shortening, even with no schedule', () => {
    const shifts = [{ start: '09:00', end: '18:00', breakMinutes: 60 }];
    expect(
      work(
        planDay(
          input(fiveTwo, { rosterOverrides: [{ date: '2026-01-05', shifts }] }),
          '2026-01-05',
        ),
      ).shifts[0]?.plannedMinutes,
    ).toBe(480);
    expect(
      work(
        planDay(
          input(fiveTwo, { rosterOverrides: [{ date: '2026-04-30', shifts }] }),
          '2026-04-30',
        ),
      ),
    ).toMatchObject({ shortened: false, shifts: [{ plannedMinutes: 480 }] });
    expect(
      planDay(input(null, { rosterOverrides: [{ date: '2026-01-12', shifts }] }), '2026-01-12')
        .kind,
    ).toBe('WORK');
  });

  it('the later entry for a date wins', () => {
    const plan = planDay(
      input(fiveTwo, {
        rosterOverrides: [
          { date: '2026-01-12', shifts: [] },
          { date: '2026-01-12', shifts: [{ start: '10:00', end: '14:00', breakMinutes: 0 }] },
        ],
      }),
      '2026-01-12',
    );
    expect(work(plan).shifts[0]?.plannedMinutes).toBe(240);
  });

  it('start when the previous day’s shift ends instead of overlapping it', () => {
    const oneThree = cyclePreset('1/3', { anchorDate: '2026-01-01' });
    const planner = createPlanner(
      input(oneThree, {
        rosterOverrides: [
          { date: '2026-01-02', shifts: [{ start: '08:00', end: '20:00', breakMinutes: 0 }] },
          { date: '2026-01-06', shifts: [{ start: '07:00', end: '09:00', breakMinutes: 0 }] },
        ],
      }),
    );
    expect(work(planner.planDay('2026-01-02')).shifts).toMatchObject([
      { start: '2026-01-02T09:00:00+03:00', end: '2026-01-02T20:00:00+03:00', plannedMinutes: 660 },
    ]);
    // Wholly inside the previous 24-hour shift: nothing is left of it.
    expect(planner.planDay('2026-01-06').kind).toBe('REST');
  });
});

describe('day-offs', () => {
  it('win over work, roster and holidays', () => {
    const planner = createPlanner(
      input(fiveTwo, {
        dayOffs: [{ from: '2026-01-05', to: '2026-01-13', type: 'VACATION' }],
        rosterOverrides: [
          { date: '2026-01-12', shifts: [{ start: '09:00', end: '18:00', breakMinutes: 0 }] },
        ],
      }),
    );
    for (const date of ['2026-01-09', '2026-01-10', '2026-01-12', '2026-01-13'])
      expect(planner.planDay(date)).toEqual({ date, kind: 'DAY_OFF', type: 'VACATION' });
    expect(planner.planDay('2026-01-14').kind).toBe('WORK');
    expect(planner.planDay('2026-01-04').kind).toBe('HOLIDAY');
  });

  it('leave the non-working holidays inside a vacation out of it (art. 120)', () => {
    // Vacation 04–11.05.2026: 9 May is a holiday, 10 May a Sunday, 11 May its transfer.
    const vacation = [{ from: '2026-05-04', to: '2026-05-11', type: 'VACATION' as const }];
    const planner = createPlanner(input(fiveTwo, { dayOffs: vacation }));
    const kinds = planner.planRange('2026-05-04', '2026-05-11').map((day) => day.kind);
    expect(kinds).toEqual([
      'DAY_OFF',
      'DAY_OFF',
      'DAY_OFF',
      'DAY_OFF',
      'DAY_OFF',
      'HOLIDAY',
      'DAY_OFF',
      'DAY_OFF',
    ]);
    // A 2/2 cycle ignores the calendar for work, not for the vacation.
    const cycle = createPlanner(
      input(cyclePreset('2/2', { anchorDate: '2026-05-01' }), { dayOffs: vacation }),
    );
    expect(cycle.planDay('2026-05-09').kind).toBe('HOLIDAY');
    // Sick leave is paid by calendar days: it runs through holidays.
    const sick = createPlanner(
      input(fiveTwo, { dayOffs: [{ from: '2026-05-08', to: '2026-05-12', type: 'SICKLEAVE' }] }),
    );
    expect(sick.planDay('2026-05-09')).toMatchObject({ kind: 'DAY_OFF', type: 'SICKLEAVE' });
  });

  it('show sick leave when it falls inside a vacation, whatever the order', () => {
    const dayOffs = [
      { from: '2026-02-02', to: '2026-02-15', type: 'VACATION' as const },
      { from: '2026-02-04', to: '2026-02-06', type: 'SICKLEAVE' as const },
    ];
    for (const list of [dayOffs, [...dayOffs].reverse()])
      expect(planDay(input(fiveTwo, { dayOffs: list }), '2026-02-05')).toMatchObject({
        kind: 'DAY_OFF',
        type: 'SICKLEAVE',
      });
  });

  it('apply even without a schedule', () => {
    expect(
      planDay(
        input(null, { dayOffs: [{ from: '2026-02-02', to: '2026-02-02', type: 'DISMISSED' }] }),
        '2026-02-02',
      ),
    ).toMatchObject({ kind: 'DAY_OFF', type: 'DISMISSED' });
  });
});

describe('assignment history', () => {
  const twoTwo = cyclePreset('2/2', { anchorDate: '2026-02-01' });
  const history: PlanInput = {
    timezone: MSK,
    calendar: RU,
    // Deliberately out of order.
    assignments: [
      { effectiveFrom: '2026-02-01', schedule: twoTwo },
      { effectiveFrom: '2025-01-01', schedule: fiveTwo },
      { effectiveFrom: '2026-03-01', schedule: null },
    ],
  };

  it('keeps the schedule a past day had', () => {
    const planner = createPlanner(history);
    expect(planner.planDay('2024-12-31').kind).toBe('NO_SCHEDULE');
    expect(kinds(planner.planRange('2026-01-30', '2026-02-04'))).toEqual([
      'WORK',
      'REST', // 5/2: Friday, Saturday
      'WORK',
      'WORK',
      'REST',
      'REST', // 2/2 from 1 February (a Sunday)
    ]);
    expect(planner.planDay('2026-03-01').kind).toBe('NO_SCHEDULE');
  });

  it('lets the later of two assignments on the same date win', () => {
    const plan = planDay(
      {
        ...history,
        assignments: [
          { effectiveFrom: '2026-01-01', schedule: fiveTwo },
          { effectiveFrom: '2026-01-01', schedule: null },
        ],
      },
      '2026-01-12',
    );
    expect(plan.kind).toBe('NO_SCHEDULE');
  });
});

describe('production calendar', () => {
  const everyDay = cyclePreset('1/1', {
    anchorDate: '2026-01-05',
    start: '09:00',
    end: '18:00',
    breakMinutes: 60,
  });

  it('makes 2026-01-05 a holiday for FIXED but a worked day for DYNAMIC', () => {
    expect(planDay(input(fiveTwo), '2026-01-05')).toEqual({ date: '2026-01-05', kind: 'HOLIDAY' });
    expect(planDay(input(everyDay), '2026-01-05').kind).toBe('WORK');
    expect(
      planDay(input({ ...everyDay, followsProductionCalendar: true }), '2026-01-05').kind,
    ).toBe('HOLIDAY');
  });

  it('shortens 2026-04-30 to 7 hours', () => {
    expect(work(planDay(input(fiveTwo), '2026-04-30'))).toMatchObject({
      shortened: true,
      shifts: [
        {
          start: '2026-04-30T09:00:00+03:00',
          end: '2026-04-30T17:00:00+03:00',
          plannedMinutes: 420,
        },
      ],
    });
  });

  it('rests on a transferred day off and ignores the calendar when told to', () => {
    expect(planDay(input(fiveTwo), '2026-01-09').kind).toBe('REST');
    expect(
      planDay(input({ ...fiveTwo, followsProductionCalendar: false }), '2026-01-05').kind,
    ).toBe('WORK');
    expect(planDay(input(fiveTwo, { calendar: undefined }), '2026-01-05').kind).toBe('WORK');
  });

  it('works a working Saturday with the pattern of the nearest preceding working weekday', () => {
    const shortFriday = {
      ...fiveTwo,
      days: fiveTwo.days.map((day, i) => (i === 4 ? { ...day, end: '16:45' } : day)),
    };
    // Saturday 1 November 2025 is a working day and also shortened.
    expect(work(planDay(input(shortFriday), '2025-11-01'))).toMatchObject({
      shortened: true,
      shifts: [
        {
          start: '2025-11-01T09:00:00+03:00',
          end: '2025-11-01T15:45:00+03:00',
          plannedMinutes: 345,
        },
      ],
    });
    // Monday 3 November 2025 is the day off it was traded for.
    expect(planDay(input(shortFriday), '2025-11-03').kind).toBe('REST');
  });

  it('plans as many working days as the month’s norm for a 5/2 week', () => {
    const plans = planRange(input(fiveTwo), '2026-05-01', '2026-05-31');
    expect(plans.filter((plan) => plan.kind === 'WORK')).toHaveLength(19);
    expect(plans.reduce((sum, plan) => sum + plannedMinutesOf(plan), 0)).toBe(151 * 60);
  });
});

describe('DST', () => {
  const nightly = (timezone: string, start = '22:00', end = '06:00') =>
    input(nightWeek({ start, end, workingDays: [0, 1, 2, 3, 4, 5, 6] }), { timezone });

  it.each([
    ['Europe/Berlin', '2026-03-28', 420, '2026-03-28T22:00:00+01:00', '2026-03-29T06:00:00+02:00'],
    ['Europe/Berlin', '2026-10-24', 540, '2026-10-24T22:00:00+02:00', '2026-10-25T06:00:00+01:00'],
    [
      'America/New_York',
      '2026-03-07',
      420,
      '2026-03-07T22:00:00-05:00',
      '2026-03-08T06:00:00-04:00',
    ],
    [
      'America/New_York',
      '2026-10-31',
      540,
      '2026-10-31T22:00:00-04:00',
      '2026-11-01T06:00:00-05:00',
    ],
    ['Europe/Moscow', '2026-03-28', 480, '2026-03-28T22:00:00+03:00', '2026-03-29T06:00:00+03:00'],
    ['Europe/Moscow', '2026-10-24', 480, '2026-10-24T22:00:00+03:00', '2026-10-25T06:00:00+03:00'],
  ])(
    'a 22:00–06:00 night in %s starting %s lasts %i real minutes',
    (timezone, date, minutes, start, end) => {
      expect(work(planDay(nightly(timezone), date)).shifts).toEqual([
        expect.objectContaining({ start, end, plannedMinutes: minutes }),
      ]);
    },
  );

  it('keeps a day shift on the day of the change at its wall times', () => {
    for (const date of ['2026-03-29', '2026-10-25'])
      expect(
        work(
          planDay(
            input(fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60, workingDays: [6] }), {
              timezone: 'Europe/Berlin',
            }),
            date,
          ),
        ).shifts[0]?.plannedMinutes,
      ).toBe(480);
  });

  it('moves a start inside the gap forward and takes the first of two ambiguous times', () => {
    const berlin = (start: string, end: string) => nightly('Europe/Berlin', start, end);
    expect(work(planDay(berlin('02:30', '01:00'), '2026-03-29')).shifts[0]?.start).toBe(
      '2026-03-29T03:30:00+02:00',
    );
    expect(work(planDay(berlin('02:30', '01:00'), '2026-10-25')).shifts[0]).toMatchObject({
      start: '2026-10-25T02:30:00+02:00',
      plannedMinutes: 23 * 60 + 30,
    });
  });

  it('counts a 24-hour shift over the change as 23 or 25 real hours', () => {
    const oneThree = cyclePreset('1/3', { anchorDate: '2026-03-28' });
    const berlin = input(oneThree, { timezone: 'Europe/Berlin' });
    expect(work(planDay(berlin, '2026-03-28')).shifts[0]?.plannedMinutes).toBe(23 * 60);
    expect(
      work(
        planDay(
          {
            ...berlin,
            assignments: [
              { effectiveFrom: '2020-01-01', schedule: { ...oneThree, anchorDate: '2026-10-24' } },
            ],
          },
          '2026-10-24',
        ),
      ).shifts[0]?.plannedMinutes,
    ).toBe(25 * 60);
  });
});

describe('input checks', () => {
  it('rejects an unknown time zone and malformed dates', () => {
    expect(() => planDay(input(fiveTwo, { timezone: 'Europe/Nowhere' }), '2026-01-12')).toThrow(
      RangeError,
    );
    expect(() => planDay(input(fiveTwo), '2026-02-30')).toThrow(RangeError);
    expect(() =>
      planDay(
        input(fiveTwo, { dayOffs: [{ from: '2026-1-1', to: '2026-01-02', type: 'WEEKEND' }] }),
        '2026-01-12',
      ),
    ).toThrow(RangeError);
  });

  it('returns nothing for a range that ends before it starts', () => {
    expect(planRange(input(fiveTwo), '2026-01-12', '2026-01-11')).toEqual([]);
  });
});
