import { describe, expect, it } from 'vitest';
import { checkFactsById, periodTotals, toCheckDays } from './check-days.ts';
import { makeAttendanceDay, makeCheck, makeWorkPlan } from './checks.test-helpers.ts';

const ZONE = 'Europe/Moscow';
const zoneOf = () => ZONE;
const NOW = Date.parse('2026-05-08T12:00:00+03:00');

describe('check days', () => {
  it('puts each check under the date the API gave it, with that date’s attendance and plan', () => {
    const late = makeCheck('2026-05-04T09:12:00+03:00', '2026-05-04T17:30:00+03:00');
    const facts = { lateMinutes: 12, late: true, earlyLeaveMinutes: 30, leftEarly: true };
    const days = toCheckDays({
      days: [
        makeAttendanceDay('2026-05-04', { ...facts, workedMinutes: 438, checkIds: [late.id] }),
      ],
      checks: [late],
      plans: [makeWorkPlan('2026-05-04')],
      from: '2026-05-04',
      to: '2026-05-08',
      zoneOf,
    });
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({
      date: '2026-05-04',
      checks: [late],
      plan: makeWorkPlan('2026-05-04'),
    });
    expect(days[0]!.attendance).toMatchObject({ ...facts, workedMinutes: 438 });
  });

  it('lists absences and shifts begun without a check when asked, newest first', () => {
    const present = makeCheck('2026-05-05T08:55:00+03:00', '2026-05-05T18:01:00+03:00');
    const input = {
      days: [
        makeAttendanceDay('2026-05-04', { absent: true }),
        makeAttendanceDay('2026-05-05', { checkIds: [present.id] }),
        makeAttendanceDay('2026-05-06', { notArrived: true }),
        makeAttendanceDay('2026-05-07'),
      ],
      checks: [present],
      plans: [],
      from: '2026-05-04',
      to: '2026-05-07',
      zoneOf,
    };
    expect(toCheckDays(input).map((item) => item.date)).toEqual(['2026-05-05']);
    expect(
      toCheckDays({ ...input, withAbsences: true }).map((item) => [
        item.date,
        item.attendance.absent,
      ]),
    ).toEqual([
      ['2026-05-06', false],
      ['2026-05-05', false],
      ['2026-05-04', true],
    ]);
  });

  it('keeps a night shift’s morning check-out with the evening before the period', () => {
    const night = makeCheck('2026-05-01T00:20:00+03:00', '2026-05-01T06:02:00+03:00');
    const days = toCheckDays({
      days: [
        makeAttendanceDay('2026-04-30', { checkIds: [night.id], lateMinutes: 140, late: true }),
        makeAttendanceDay('2026-04-29', { absent: true }),
      ],
      checks: [night],
      plans: [],
      from: '2026-05-01',
      to: '2026-05-31',
      zoneOf,
      withAbsences: true,
    });
    // The absence before the period is not listed; the date of the period's check is.
    expect(days.map((item) => [item.date, item.checks])).toEqual([['2026-04-30', [night]]]);
  });

  it('lists a check the API placed on no date on its local date, and the extra dates', () => {
    const fresh = makeCheck('2026-05-08T09:01:00+03:00', null);
    const days = toCheckDays({
      days: [],
      checks: [fresh],
      plans: [makeWorkPlan('2026-05-07')],
      from: '2026-05-01',
      to: '2026-05-08',
      zoneOf,
      extraDates: ['2026-05-07', '2026-06-01'],
    });
    expect(days.map((item) => [item.date, item.checks.length, item.attendance.open])).toEqual([
      ['2026-05-08', 1, true],
      ['2026-05-07', 0, false],
    ]);
    expect(days[1]!.plan).toEqual(makeWorkPlan('2026-05-07'));
  });

  it('adds up worked minutes and late, early and absent days', () => {
    const days = toCheckDays({
      days: [
        makeAttendanceDay('2026-05-04', {
          workedMinutes: 400,
          late: true,
          lateMinutes: 20,
          checkIds: [1001],
        }),
        makeAttendanceDay('2026-05-05', { workedMinutes: 410, leftEarly: true, checkIds: [1002] }),
        makeAttendanceDay('2026-05-06', { absent: true }),
      ],
      checks: [
        makeCheck('2026-05-04T09:20:00+03:00', '2026-05-04T18:00:00+03:00', { id: 1001 }),
        makeCheck('2026-05-05T09:00:00+03:00', '2026-05-05T17:00:00+03:00', { id: 1002 }),
      ],
      plans: [],
      from: '2026-05-04',
      to: '2026-05-06',
      zoneOf,
      withAbsences: true,
    });
    expect(periodTotals(days)).toEqual({
      workedMinutes: 810,
      lateDays: 1,
      earlyDays: 1,
      absentDays: 1,
    });
  });
});

describe('facts of a page of checks', () => {
  it('puts lateness on the first check of a date and early leave on its last', () => {
    const morning = makeCheck('2026-05-04T09:20:00+03:00', '2026-05-04T13:00:00+03:00');
    const afternoon = makeCheck('2026-05-04T14:00:00+03:00', '2026-05-04T17:00:00+03:00');
    const employees = [
      {
        employeeId: 7,
        timezone: ZONE,
        days: [
          makeAttendanceDay('2026-05-04', {
            lateMinutes: 20,
            earlyLeaveMinutes: 60,
            checkIds: [morning.id, afternoon.id],
          }),
        ],
      },
    ];
    const facts = checkFactsById([afternoon, morning], employees, zoneOf, NOW);
    expect(facts.get(morning.id)).toEqual({
      date: '2026-05-04',
      lateMinutes: 20,
      earlyLeaveMinutes: 0,
      durationMinutes: 220,
    });
    expect(facts.get(afternoon.id)).toEqual({
      date: '2026-05-04',
      lateMinutes: 0,
      earlyLeaveMinutes: 60,
      durationMinutes: 180,
    });
  });

  it('keeps a night check on the evening’s date', () => {
    const night = makeCheck('2026-05-04T22:05:00+03:00', '2026-05-05T06:00:00+03:00');
    const employees = [
      {
        employeeId: 7,
        timezone: ZONE,
        days: [makeAttendanceDay('2026-05-04', { checkIds: [night.id] })],
      },
    ];
    expect(checkFactsById([night], employees, zoneOf, NOW).get(night.id)).toMatchObject({
      date: '2026-05-04',
      durationMinutes: 475,
    });
  });

  it('without the API’s answer shows the local date and the duration, an open check until now', () => {
    const open = makeCheck('2026-05-08T07:30:00+03:00', null);
    const forgotten = makeCheck('2026-05-06T09:00:00+03:00', null);
    const facts = checkFactsById([open, forgotten], undefined, zoneOf, NOW);
    expect(facts.get(open.id)).toEqual({
      date: '2026-05-08',
      durationMinutes: 270,
      lateMinutes: 0,
      earlyLeaveMinutes: 0,
    });
    // An open check counts a day at most.
    expect(facts.get(forgotten.id)!.durationMinutes).toBe(24 * 60);
  });
});
