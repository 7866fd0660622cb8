import { describe, expect, it } from 'vitest';
import {
  DynamicScheduleSchema,
  FlexScheduleSchema,
  RosterOverrideSchema,
  ScheduleDefinitionSchema,
  cyclePreset,
  fixedWeek,
  nightWeek,
} from './schedule-definition.ts';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

const day = (working: boolean, start = '09:00', end = '18:00', breakMinutes = 60) => ({
  working,
  start,
  end,
  breakMinutes,
});

describe('FIXED', () => {
  it('parses a 5/2 week and follows the production calendar by default', () => {
    const parsed = ScheduleDefinitionSchema.parse({
      type: 'FIXED',
      days: [1, 1, 1, 1, 1, 0, 0].map((w) => day(w === 1)),
    });
    expect(parsed.type === 'FIXED' && parsed.followsProductionCalendar).toBe(true);
  });

  it('says in Russian that the end must be after the start, at the day field', () => {
    const result = ScheduleDefinitionSchema.safeParse({
      type: 'FIXED',
      days: [day(true, '18:00', '09:00'), ...Array.from({ length: 6 }, () => day(false))],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: 'Конец смены должен быть позже начала',
      path: ['days', 0, 'end'],
    });
  });

  it('ignores the times of a rest day', () => {
    expect(
      ScheduleDefinitionSchema.safeParse({
        type: 'FIXED',
        days: [day(true), ...Array.from({ length: 6 }, () => day(false, '18:00', '09:00'))],
      }).success,
    ).toBe(true);
  });

  it('wants HH:mm times, exactly 7 days and a break shorter than the shift', () => {
    const bad = (days: unknown[]) =>
      messagesOf(ScheduleDefinitionSchema.safeParse({ type: 'FIXED', days }));
    expect(bad([day(true, '9:00'), ...Array.from({ length: 6 }, () => day(false))])).toContain(
      'Время в формате ЧЧ:ММ',
    );
    expect(bad([day(true)])).toContain('Укажите 7 дней недели: с понедельника по воскресенье');
    expect(
      bad([day(true, '09:00', '10:00', 60), ...Array.from({ length: 6 }, () => day(false))]),
    ).toContain('Перерыв должен быть короче смены');
  });
});

describe('NIGHT', () => {
  it('accepts 20:00–08:00 every day', () => {
    expect(
      nightWeek({ start: '20:00', end: '08:00', workingDays: [0, 1, 2, 3, 4, 5, 6] }).days,
    ).toHaveLength(7);
  });

  it('requires the end on the next day', () => {
    expect(() => nightWeek({ start: '08:00', end: '20:00' })).toThrow(
      'Ночная смена заканчивается на следующий день',
    );
  });

  it('rejects a shift that runs into the next day’s shift', () => {
    const days = [
      day(true, '20:00', '09:00', 0),
      day(true, '08:00', '07:00', 0),
      ...Array.from({ length: 5 }, () => day(false)),
    ];
    const result = ScheduleDefinitionSchema.safeParse({ type: 'NIGHT', days });
    expect(result.error?.issues[0]).toMatchObject({
      message: 'Смена пересекается со сменой следующего дня',
      path: ['days', 0, 'end'],
    });
  });
});

describe('FLEX', () => {
  const flexDay = (overrides: object = {}) => ({
    working: true,
    requiredMinutes: 480,
    breakMinutes: 60,
    ...overrides,
  });
  const flex = (first: object) => ({
    type: 'FLEX',
    days: [first, ...Array.from({ length: 6 }, () => ({ working: false, requiredMinutes: 0 }))],
  });

  it('accepts required hours with a core window inside the allowed window', () => {
    expect(
      FlexScheduleSchema.safeParse(
        flex(
          flexDay({
            coreStart: '11:00',
            coreEnd: '16:00',
            earliestStart: '07:00',
            latestEnd: '20:00',
          }),
        ),
      ).success,
    ).toBe(true);
  });

  it('explains each inconsistency in Russian', () => {
    const issues = (first: object) => messagesOf(FlexScheduleSchema.safeParse(flex(first)));
    expect(issues(flexDay({ coreStart: '11:00' }))).toContain(
      'Укажите и начало, и конец основного времени',
    );
    expect(issues(flexDay({ coreStart: '16:00', coreEnd: '11:00' }))).toContain(
      'Конец основного времени должен быть позже начала',
    );
    expect(
      issues(flexDay({ earliestStart: '12:00', coreStart: '11:00', coreEnd: '16:00' })),
    ).toContain('Самое раннее начало не может быть позже начала основного времени');
    expect(issues(flexDay({ earliestStart: '09:00', latestEnd: '15:00' }))).toContain(
      'Норма дня и перерыв не помещаются между самым ранним началом и самым поздним концом',
    );
    expect(issues(flexDay({ requiredMinutes: 0 }))).toContain(
      'Укажите, сколько минут нужно отработать',
    );
  });
});

describe('DYNAMIC', () => {
  it('builds 2/2, 1/3 (24 h) and 5/2 presets from an anchor', () => {
    const twoTwo = cyclePreset('2/2', { anchorDate: '2026-01-01' });
    expect(twoTwo.cycle.map((d) => d.working)).toEqual([true, true, false, false]);
    expect(twoTwo.followsProductionCalendar).toBe(false);
    const oneThree = cyclePreset('1/3', { anchorDate: '2026-01-01' });
    expect(oneThree.cycle[0]).toMatchObject({ working: true, start: '09:00', end: '09:00' });
    expect(oneThree.cycle).toHaveLength(4);
    expect(cyclePreset('5/2', { anchorDate: '2026-01-05' }).cycle).toHaveLength(7);
    expect(
      cyclePreset([3, 2, 2, 3], { anchorDate: '2026-01-05', start: '07:00', end: '19:00' }).cycle,
    ).toHaveLength(10);
    expect(() => cyclePreset('2', { anchorDate: '2026-01-05' })).toThrow(RangeError);
  });

  it('allows 1 to 62 days with at least one working day', () => {
    const cycle = (n: number, working = true) =>
      DynamicScheduleSchema.safeParse({
        type: 'DYNAMIC',
        anchorDate: '2026-01-01',
        cycle: Array.from({ length: n }, () => day(working)),
      });
    expect(cycle(1).success).toBe(true);
    expect(cycle(62).success).toBe(true);
    expect(messagesOf(cycle(63))).toContain('Цикл — от 1 до 62 дней');
    expect(messagesOf(cycle(0))).toContain('Цикл — от 1 до 62 дней');
    expect(messagesOf(cycle(3, false))).toContain('В цикле должна быть хотя бы одна рабочая смена');
  });

  it('rejects a shift that runs into the next one of the cycle, the last into the first too', () => {
    const result = DynamicScheduleSchema.safeParse({
      type: 'DYNAMIC',
      anchorDate: '2026-01-01',
      cycle: [day(true, '08:00', '20:00', 0), day(true, '20:00', '09:00', 0)],
    });
    expect(result.error?.issues[0]).toMatchObject({
      message: 'Смена пересекается со следующей сменой цикла',
      path: ['cycle', 1, 'end'],
    });
  });

  it('checks the anchor date', () => {
    expect(
      DynamicScheduleSchema.safeParse({
        type: 'DYNAMIC',
        anchorDate: '2026-02-30',
        cycle: [day(true)],
      }).success,
    ).toBe(false);
  });
});

describe('roster override', () => {
  it('accepts a rest day and split shifts, rejects overlapping ones', () => {
    expect(RosterOverrideSchema.safeParse({ date: '2026-01-12', shifts: [] }).success).toBe(true);
    expect(
      RosterOverrideSchema.safeParse({
        date: '2026-01-12',
        shifts: [
          { start: '08:00', end: '12:00' },
          { start: '16:00', end: '20:00' },
        ],
      }).success,
    ).toBe(true);
    expect(
      messagesOf(
        RosterOverrideSchema.safeParse({
          date: '2026-01-12',
          shifts: [
            { start: '20:00', end: '08:00' },
            { start: '22:00', end: '23:00' },
          ],
        }),
      ),
    ).toContain('Смены одного дня пересекаются');
  });
});

describe('fixedWeek', () => {
  it('works Monday to Friday unless told otherwise', () => {
    expect(
      fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 }).days.map((d) => d.working),
    ).toEqual([true, true, true, true, true, false, false]);
  });
});
