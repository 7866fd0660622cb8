import { describe, expect, it } from 'vitest';
import {
  type ScheduleDefinition,
  createPlanner,
  fixedWeek,
  localDateOf,
  nightWeek,
} from '@smena/time';
import {
  type ReminderSettings,
  durationPhrase,
  dueReminders,
  lateAlertText,
  planningRange,
  reminderKey,
  reminderText,
  shortName,
} from './reminders-rule.ts';

const MIN = 60_000;
const H = 60 * MIN;
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const SETTINGS: ReminderSettings = {
  startBeforeMinutes: 15,
  endBeforeMinutes: 15,
  lateToleranceMinutes: 5,
};

function plans(timezone: string, schedule: ScheduleDefinition, from: string, to: string) {
  return createPlanner({
    timezone,
    assignments: [{ effectiveFrom: '2026-01-01', schedule }],
  }).planRange(from, to);
}

const dayShift = (start = '09:00', end = '18:00') =>
  fixedWeek({
    start,
    end,
    breakMinutes: 60,
    workingDays: EVERY_DAY,
    followsProductionCalendar: false,
  });
const nightShift = (start = '22:00', end = '06:00') =>
  nightWeek({ start, end, workingDays: EVERY_DAY, followsProductionCalendar: false });

/** Reminders of employee 7 of company 1 in [from, to) as `type@ISO instant`. */
function dueIn(
  days: ReturnType<typeof plans>,
  from: string,
  to: string,
  settings: ReminderSettings = SETTINGS,
) {
  return dueReminders({
    companyId: 1,
    employeeId: 7,
    days,
    settings,
    fromMs: Date.parse(from),
    toMs: Date.parse(to),
  });
}
const brief = (list: ReturnType<typeof dueIn>) =>
  list.map((r) => `${r.type}@${new Date(r.dueMs).toISOString()}`);

describe('dueReminders', () => {
  it('reminds 15 minutes before the start and the end, and checks lateness at start + tolerance (Moscow)', () => {
    const days = plans('Europe/Moscow', dayShift(), '2026-01-11', '2026-01-13');
    const due = dueIn(days, '2026-01-12T00:00:00+03:00', '2026-01-13T00:00:00+03:00');
    expect(brief(due)).toEqual([
      'start@2026-01-12T05:45:00.000Z', // 08:45 Moscow
      'late@2026-01-12T06:05:00.000Z', // 09:05
      'end@2026-01-12T14:45:00.000Z', // 17:45
    ]);
    expect(due[0]).toMatchObject({
      employeeId: 7,
      date: '2026-01-12',
      start: '2026-01-12T09:00:00+03:00',
      end: '2026-01-12T18:00:00+03:00',
      dedupeKey: 'reminder:1:7:start:2026-01-12T09:00:00+03:00@2026-01-12T05:45:00.000Z',
    });
    expect(due[1]!.presenceFromMs).toBe(Date.parse('2026-01-12T06:00:00+03:00'));
  });

  it('is due exactly at its minute: the window start is included and its end excluded', () => {
    const days = plans('Europe/Moscow', dayShift(), '2026-01-11', '2026-01-13');
    expect(brief(dueIn(days, '2026-01-12T08:45:00+03:00', '2026-01-12T08:46:00+03:00'))).toEqual([
      'start@2026-01-12T05:45:00.000Z',
    ]);
    expect(dueIn(days, '2026-01-12T08:44:00+03:00', '2026-01-12T08:45:00+03:00')).toEqual([]);
    expect(dueIn(days, '2026-01-12T08:45:00.001+03:00', '2026-01-12T09:05:00+03:00')).toEqual([]);
  });

  it('puts the end reminder of a 22:00–06:00 night shift on the next morning, the shift on its start date', () => {
    const days = plans('Europe/Moscow', nightShift(), '2026-01-11', '2026-01-13');
    // The window holds only the morning of the 13th: the shift of the 12th ends in it.
    const due = dueIn(days, '2026-01-13T00:00:00+03:00', '2026-01-13T12:00:00+03:00');
    expect(brief(due)).toEqual(['end@2026-01-13T02:45:00.000Z']); // 05:45 on the 13th
    expect(due[0]).toMatchObject({
      date: '2026-01-12',
      start: '2026-01-12T22:00:00+03:00',
      end: '2026-01-13T06:00:00+03:00',
    });
    // The evening: the start reminder and the late check of the 13th's shift.
    expect(brief(dueIn(days, '2026-01-13T12:00:00+03:00', '2026-01-14T00:00:00+03:00'))).toEqual([
      'start@2026-01-13T18:45:00.000Z',
      'late@2026-01-13T19:05:00.000Z',
    ]);
  });

  it('computes the instants in the branch’s zone (Asia/Vladivostok, UTC+10): 08:45 there is 22:45 UTC the day before', () => {
    const days = plans('Asia/Vladivostok', dayShift(), '2026-01-11', '2026-01-13');
    const due = dueIn(days, '2026-01-12T00:00:00+10:00', '2026-01-13T00:00:00+10:00');
    expect(brief(due)).toEqual([
      'start@2026-01-11T22:45:00.000Z',
      'late@2026-01-11T23:05:00.000Z',
      'end@2026-01-12T07:45:00.000Z',
    ]);
    expect(due[0]!.start).toBe('2026-01-12T09:00:00+10:00');
    // The same wall times in Moscow fall seven hours later.
    const moscow = dueIn(
      plans('Europe/Moscow', dayShift(), '2026-01-11', '2026-01-13'),
      '2026-01-12T00:00:00+03:00',
      '2026-01-13T00:00:00+03:00',
    );
    expect(moscow[0]!.dueMs - due[0]!.dueMs).toBe(7 * H);
  });

  it('keeps the wall-clock minute across the spring-forward night (Europe/Berlin, 2026-03-29)', () => {
    // A night shift 22:00–06:00 that spans the change: 7 hours long, the end at 06:00 CEST.
    const night = plans('Europe/Berlin', nightShift(), '2026-03-27', '2026-03-29');
    const nightDue = dueIn(night, '2026-03-28T12:00:00+01:00', '2026-03-29T12:00:00+02:00');
    expect(brief(nightDue)).toEqual([
      'start@2026-03-28T20:45:00.000Z', // 21:45 CET
      'late@2026-03-28T21:05:00.000Z', // 22:05 CET
      'end@2026-03-29T03:45:00.000Z', // 05:45 CEST
    ]);
    expect(nightDue[2]!.end).toBe('2026-03-29T06:00:00+02:00');

    // A day shift on the 29th: 08:45 CEST is 06:45 UTC (the day before it was 07:45 UTC).
    const day = plans('Europe/Berlin', dayShift(), '2026-03-27', '2026-03-30');
    const before = dueIn(day, '2026-03-28T00:00:00+01:00', '2026-03-29T00:00:00+01:00');
    const after = dueIn(day, '2026-03-29T00:00:00+01:00', '2026-03-30T00:00:00+02:00');
    expect(brief(before)[0]).toBe('start@2026-03-28T07:45:00.000Z');
    expect(brief(after)).toEqual([
      'start@2026-03-29T06:45:00.000Z',
      'late@2026-03-29T07:05:00.000Z',
      'end@2026-03-29T15:45:00.000Z',
    ]);

    // A shift at 02:30, a time that does not exist that night, starts at 03:30 CEST.
    const gap = plans('Europe/Berlin', dayShift('02:30', '10:00'), '2026-03-28', '2026-03-29');
    const gapDue = dueIn(gap, '2026-03-29T00:00:00+01:00', '2026-03-29T12:00:00+02:00');
    expect(gapDue[0]).toMatchObject({ type: 'start', start: '2026-03-29T03:30:00+02:00' });
    expect(new Date(gapDue[0]!.dueMs).toISOString()).toBe('2026-03-29T01:15:00.000Z');
  });

  it('sends nothing for a setting of 0 minutes, and checks lateness at the start with no tolerance', () => {
    const days = plans('Europe/Moscow', dayShift(), '2026-01-11', '2026-01-12');
    const due = dueIn(days, '2026-01-12T00:00:00+03:00', '2026-01-13T00:00:00+03:00', {
      startBeforeMinutes: 0,
      endBeforeMinutes: 0,
      lateToleranceMinutes: 0,
    });
    expect(brief(due)).toEqual(['late@2026-01-12T06:00:00.000Z']);
  });

  it('has nothing on rest days and day-offs', () => {
    const days = createPlanner({
      timezone: 'Europe/Moscow',
      assignments: [{ effectiveFrom: '2026-01-01', schedule: dayShift() }],
      dayOffs: [{ from: '2026-01-12', to: '2026-01-12', type: 'VACATION' }],
    }).planRange('2026-01-11', '2026-01-13');
    expect(dueIn(days, '2026-01-12T00:00:00+03:00', '2026-01-13T00:00:00+03:00')).toEqual([]);
    expect(dueIn(days, '2026-01-13T00:00:00+03:00', '2026-01-14T00:00:00+03:00')).toHaveLength(3);
  });

  it('uses a FLEX day’s core time, and nothing on a FLEX day without one', () => {
    const flex = (core: boolean): ScheduleDefinition => ({
      type: 'FLEX',
      followsProductionCalendar: false,
      days: EVERY_DAY.map(() => ({
        working: true,
        requiredMinutes: 480,
        earliestStart: '07:00',
        latestEnd: '21:00',
        breakMinutes: 0,
        ...(core ? { coreStart: '11:00', coreEnd: '16:00' } : {}),
      })),
    });
    const withCore = plans('Europe/Moscow', flex(true), '2026-01-11', '2026-01-12');
    const due = dueIn(withCore, '2026-01-12T00:00:00+03:00', '2026-01-13T00:00:00+03:00');
    expect(brief(due)).toEqual([
      'start@2026-01-12T07:45:00.000Z', // 10:45
      'late@2026-01-12T08:05:00.000Z',
      'end@2026-01-12T12:45:00.000Z', // 15:45
    ]);
    const withoutCore = plans('Europe/Moscow', flex(false), '2026-01-11', '2026-01-12');
    expect(dueIn(withoutCore, '2026-01-12T00:00:00+03:00', '2026-01-13T00:00:00+03:00')).toEqual(
      [],
    );
  });

  it('opens the presence window of a second shift at the end of the first', () => {
    const days = createPlanner({
      timezone: 'Europe/Moscow',
      assignments: [],
      rosterOverrides: [
        {
          date: '2026-01-12',
          shifts: [
            { start: '08:00', end: '12:00', breakMinutes: 0 },
            { start: '13:00', end: '17:00', breakMinutes: 0 },
          ],
        },
      ],
    }).planRange('2026-01-11', '2026-01-12');
    const late = dueIn(days, '2026-01-12T00:00:00+03:00', '2026-01-13T00:00:00+03:00').filter(
      (r) => r.type === 'late',
    );
    expect(late.map((r) => r.presenceFromMs)).toEqual([
      Date.parse('2026-01-12T05:00:00+03:00'),
      Date.parse('2026-01-12T12:00:00+03:00'),
    ]);
  });

  it('gives the same key for the same reminder and a new one when the shift or the setting moves it', () => {
    const a = dueIn(
      plans('Europe/Moscow', dayShift(), '2026-01-11', '2026-01-12'),
      '2026-01-12T00:00:00+03:00',
      '2026-01-13T00:00:00+03:00',
    );
    const again = dueIn(
      plans('Europe/Moscow', dayShift(), '2026-01-11', '2026-01-12'),
      '2026-01-12T00:00:00+03:00',
      '2026-01-13T00:00:00+03:00',
    );
    const moved = dueIn(
      plans('Europe/Moscow', dayShift('10:00', '19:00'), '2026-01-11', '2026-01-12'),
      '2026-01-12T00:00:00+03:00',
      '2026-01-13T00:00:00+03:00',
    );
    const earlier = dueIn(
      plans('Europe/Moscow', dayShift(), '2026-01-11', '2026-01-12'),
      '2026-01-12T00:00:00+03:00',
      '2026-01-13T00:00:00+03:00',
      { ...SETTINGS, startBeforeMinutes: 30 },
    );
    const keys = (list: typeof a) => list.map((r) => r.dedupeKey);
    expect(keys(again)).toEqual(keys(a));
    expect(keys(moved).filter((key) => keys(a).includes(key))).toEqual([]);
    expect(keys(earlier)).not.toContain(keys(a)[0]);
    expect(keys(earlier)).toContain(keys(a)[2]); // the end reminder did not move
    expect(
      reminderKey(1, 7, 'late', '2026-01-12T09:00:00+03:00', Date.parse('2026-01-12T06:05Z')),
    ).toBe('reminder:1:7:late:2026-01-12T09:00:00+03:00@2026-01-12T06:05:00.000Z');
  });
});

describe('planningRange', () => {
  it('covers every zone: a shift with a reminder due in the window starts on a date inside', () => {
    const settings = { startBeforeMinutes: 1440, endBeforeMinutes: 15, lateToleranceMinutes: 240 };
    const nowMs = Date.parse('2026-01-12T10:00:00Z');
    const range = planningRange(nowMs, 24 * H, settings);
    for (const zone of [
      'Pacific/Kiritimati',
      'Asia/Kamchatka',
      'Europe/Moscow',
      'Pacific/Pago_Pago',
    ]) {
      // The latest start: a start reminder due just before the window ends.
      const latest = localDateOf(nowMs + 24 * H + 1440 * MIN - 1, zone);
      // The earliest start: a 24-hour shift whose end reminder is due now, and the day before.
      const earliest = localDateOf(nowMs - 24 * H + 15 * MIN, zone);
      expect(range.from < earliest, zone).toBe(true);
      expect(range.to >= latest, zone).toBe(true);
    }
  });
});

describe('texts', () => {
  it('reads naturally in Russian', () => {
    expect(durationPhrase(15)).toBe('15 минут');
    expect(durationPhrase(1)).toBe('1 минуту');
    expect(durationPhrase(3)).toBe('3 минуты');
    expect(durationPhrase(11)).toBe('11 минут');
    expect(durationPhrase(21)).toBe('21 минуту');
    expect(durationPhrase(60)).toBe('1 час');
    expect(durationPhrase(120)).toBe('2 часа');
    expect(durationPhrase(90)).toBe('1 ч 30 мин');
    const shift = { start: '2026-01-12T22:00:00+03:00', end: '2026-01-13T06:00:00+03:00' };
    expect(reminderText('start', shift, 15)).toEqual({
      title: 'Скоро смена',
      body: 'Через 15 минут начинается смена 22:00–06:00',
    });
    expect(reminderText('end', shift, 15).body).toBe(
      'Через 15 минут заканчивается смена 22:00–06:00',
    );
    expect(shortName({ lastName: 'Иванова', firstName: 'анна' })).toBe('Иванова А.');
    expect(shortName({ lastName: '', firstName: 'Анна' })).toBe('Анна');
    expect(lateAlertText({ lastName: 'Иванова', firstName: 'Анна' }, shift).body).toBe(
      'Иванова А.: смена с 22:00, отметки пока нет',
    );
  });
});
