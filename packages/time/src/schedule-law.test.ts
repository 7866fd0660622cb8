import { describe, expect, it } from 'vitest';
import {
  FlexScheduleSchema,
  cyclePreset,
  fixedWeek,
  nightWeek,
  type ScheduleDefinition,
} from './schedule-definition.ts';
import { scheduleLawWarnings } from './schedule-law.ts';

const codes = (definition: ScheduleDefinition) =>
  scheduleLawWarnings(definition).map((warning) => warning.code);

function flexWeek(requiredMinutes: number, workingDays = 5) {
  return FlexScheduleSchema.parse({
    type: 'FLEX',
    days: Array.from({ length: 7 }, (_, i) => ({ working: i < workingDays, requiredMinutes })),
  });
}

describe('scheduleLawWarnings', () => {
  it('warns of a FIXED 09:00–18:00 week without a break: 45 h, over the 40 h of art. 91', () => {
    expect(scheduleLawWarnings(fixedWeek({ start: '09:00', end: '18:00' }))).toEqual([
      {
        code: 'WEEK_OVER_NORM',
        message:
          'Рабочая неделя — 45 ч: больше 40 ч, установленных статьёй 91 ТК РФ. ' +
          'Сохранить можно, если в компании суммированный учёт рабочего времени.',
      },
    ]);
  });

  it('has nothing to say of 09:00–18:00 with a 60-minute break (8 h a day, 40 h a week)', () => {
    expect(
      scheduleLawWarnings(fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 })),
    ).toEqual([]);
    // Six days of 09:00–16:00 with an hour's break: 36 h.
    expect(
      codes(
        fixedWeek({
          start: '09:00',
          end: '16:00',
          breakMinutes: 60,
          workingDays: [0, 1, 2, 3, 4, 5],
        }),
      ),
    ).toEqual([]);
  });

  it('writes the hours and minutes of a week that is not whole hours', () => {
    const week = fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 42 }); // 8 h 18 min × 5
    expect(scheduleLawWarnings(week)[0]?.message).toMatch(/^Рабочая неделя — 41 ч 30 мин: /);
  });

  it('does not add up the week of a shift cycle: 2/2 of 12 h is averaged over the period', () => {
    expect(
      codes(
        cyclePreset('2/2', {
          anchorDate: '2026-11-01',
          start: '08:00',
          end: '20:00',
          breakMinutes: 0,
        }),
      ),
    ).toEqual([]);
    expect(codes(cyclePreset('2/2', { anchorDate: '2026-11-01' }))).toEqual([]);
  });

  it('warns of a shift of more than 12 h of work', () => {
    const [warning] = scheduleLawWarnings(cyclePreset('1/3', { anchorDate: '2026-11-01' }));
    expect(warning).toEqual({
      code: 'LONG_SHIFT',
      message: expect.stringMatching(
        /^Смена — 24 ч: дольше 12 ч, обычного предела для сменной работы\. .*статья 94 ТК РФ\.$/,
      ),
    });
    // 08:00–21:00 without a break is 13 h of work; with an hour's break, 12 h: the limit itself.
    const shift = { anchorDate: '2026-11-01', start: '08:00', end: '21:00' };
    expect(codes(cyclePreset('2/2', { ...shift, breakMinutes: 0 }))).toEqual(['LONG_SHIFT']);
    expect(codes(cyclePreset('2/2', { ...shift, breakMinutes: 60 }))).toEqual([]);
    // A FIXED week of three 13-hour days: 39 h, but each day over 12 h.
    expect(codes(fixedWeek({ start: '07:00', end: '20:00', workingDays: [0, 2, 4] }))).toEqual([
      'LONG_SHIFT',
    ]);
  });

  it('reminds that a night shift is one hour shorter when night shifts make a full week', () => {
    // 5 × (20:00–08:00 − 1 h) = 55 h: over 40 h, and not shortened.
    const long = scheduleLawWarnings(nightWeek({ start: '20:00', end: '08:00', breakMinutes: 60 }));
    expect(long.map((warning) => warning.code)).toEqual(['WEEK_OVER_NORM', 'NIGHT_NOT_SHORTENED']);
    expect(long[1]?.message).toBe(
      'Ночные смены — 55 ч в неделю, не меньше полной дневной недели в 40 ч. ' +
        'По статье 96 ТК РФ ночная смена на час короче дневной без отработки; ' +
        'без сокращения можно, если работник принят специально для работы ночью ' +
        'или коллективный договор уравнивает ночные смены с дневными.',
    );
    // 5 × 8 h = 40 h: the full week of a day worker.
    expect(codes(nightWeek({ start: '22:00', end: '07:00', breakMinutes: 60 }))).toEqual([
      'NIGHT_NOT_SHORTENED',
    ]);
    // 5 × 7 h = 35 h: shortened by an hour a night.
    expect(codes(nightWeek({ start: '22:00', end: '06:00', breakMinutes: 60 }))).toEqual([]);
  });

  it('warns of a FLEX week that requires more than 40 h', () => {
    expect(scheduleLawWarnings(flexWeek(8 * 60 + 30))).toEqual([
      {
        code: 'WEEK_OVER_NORM',
        message:
          'Норма недели — 42 ч 30 мин: больше 40 ч, установленных статьёй 91 ТК РФ. ' +
          'Сохранить можно, если в компании суммированный учёт рабочего времени.',
      },
    ]);
    expect(codes(flexWeek(8 * 60))).toEqual([]);
    expect(codes(flexWeek(13 * 60, 3))).toEqual(['LONG_SHIFT']);
  });
});
