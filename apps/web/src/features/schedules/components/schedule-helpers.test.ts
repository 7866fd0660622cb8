import { ScheduleDefinitionSchema } from '@smena/contract';
import { cyclePreset, fixedWeek, nightWeek } from '@smena/time';
import { describe, expect, it } from 'vitest';
import {
  cyclePattern,
  formPathOfServerField,
  formatMinutes,
  initialFormValues,
  lawWarnings,
  previewDays,
  scheduleSummary,
  toDefinition,
  weekPresetDays,
} from './schedule-helpers.ts';

describe('scheduleSummary', () => {
  it('FIXED: a five-day week', () => {
    expect(scheduleSummary(fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 }))).toBe(
      'Пн–Пт 09:00–18:00, перерыв 60 мин',
    );
  });

  it('FIXED: different hours on Saturday', () => {
    const week = fixedWeek({
      start: '09:00',
      end: '18:00',
      breakMinutes: 60,
      workingDays: [0, 1, 2, 3, 4, 5],
    });
    week.days[5] = { working: true, start: '10:00', end: '15:00', breakMinutes: 0 };
    expect(scheduleSummary(week)).toBe(
      'Пн–Пт 09:00–18:00 (перерыв 60 мин), Сб 10:00–15:00 (без перерыва)',
    );
  });

  it('NIGHT: every day and Monday to Friday', () => {
    expect(
      scheduleSummary(
        nightWeek({ start: '20:00', end: '08:00', workingDays: [0, 1, 2, 3, 4, 5, 6] }),
      ),
    ).toBe('Ночные 20:00–08:00');
    expect(scheduleSummary(nightWeek({ start: '20:00', end: '08:00' }))).toBe(
      'Ночные 20:00–08:00, Пн–Пт',
    );
  });

  it('FLEX: required hours and the core', () => {
    const flex = ScheduleDefinitionSchema.parse(
      toDefinition({ ...initialFormValues(null, '2026-11-01'), type: 'FLEX' }),
    );
    expect(scheduleSummary(flex)).toBe('Гибкий: 8 ч в день, ядро 11:00–16:00');
  });

  it('DYNAMIC: the cycle, its anchor and the shift', () => {
    expect(scheduleSummary(cyclePreset('2/2', { anchorDate: '2026-11-01' }))).toBe(
      '2/2 с 2026-11-01, 08:00–20:00',
    );
    expect(scheduleSummary(cyclePreset('1/3', { anchorDate: '2026-11-01' }))).toBe(
      '1/3 с 2026-11-01, 09:00–09:00 (сутки)',
    );
  });
});

describe('helpers', () => {
  it('cyclePattern counts runs', () => {
    const w = { working: true };
    const r = { working: false };
    expect(cyclePattern([w, w, r, r])).toBe('2/2');
    expect(cyclePattern([w, r, r, r])).toBe('1/3');
    expect(cyclePattern([r, w])).toBe('0/1/1/0');
  });

  it('formatMinutes', () => {
    expect(formatMinutes(480)).toBe('8 ч');
    expect(formatMinutes(465)).toBe('7 ч 45 мин');
    expect(formatMinutes(30)).toBe('30 мин');
  });

  it('maps server fields to form paths', () => {
    expect(formPathOfServerField('FIXED', 'definition.days.0.end')).toEqual([
      'fixed',
      'days',
      0,
      'end',
    ]);
    expect(formPathOfServerField('DYNAMIC', 'definition.cycle.3.breakMinutes')).toEqual([
      'dynamic',
      'cycle',
      3,
      'breakMinutes',
    ]);
    expect(formPathOfServerField('FIXED', 'title')).toEqual(['title']);
    expect(formPathOfServerField('FIXED', 'body')).toBeNull();
  });
});

describe('previewDays', () => {
  it('2/2 from the anchor alternates pairs of working and rest days', () => {
    const days = previewDays(
      cyclePreset('2/2', { anchorDate: '2026-11-01' }),
      'Europe/Moscow',
      '2026-11-01',
    );
    expect(days).toHaveLength(14);
    expect(days!.map((d) => d.kind)).toEqual(
      Array.from({ length: 14 }, (_, i) => (Math.floor(i / 2) % 2 === 0 ? 'WORK' : 'REST')),
    );
    expect(days![0]).toMatchObject({
      date: '2026-11-01',
      weekdayLabel: 'Вс',
      text: '08:00–20:00 · 11 ч',
    });
    expect(days![2]!.text).toBe('Выходной');
  });

  it('a five-day week follows the production calendar (4 November is a holiday)', () => {
    const days = previewDays(
      fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 }),
      'Europe/Moscow',
      '2026-11-02',
    )!;
    expect(days[0]).toMatchObject({ date: '2026-11-02', weekdayLabel: 'Пн' });
    expect(days[2]).toMatchObject({ date: '2026-11-04', text: 'Праздник' });
    expect(days[1]!.text).toMatch(/^09:00–1\d:00 · \d ч$/);
    expect(days[5]!.text).toBe('Выходной');
  });

  it('is null while the definition is not valid', () => {
    const values = initialFormValues(null, '2026-11-01');
    values.fixed.days[0] = { working: true, start: '18:00', end: '09:00', breakMinutes: 0 };
    expect(previewDays(toDefinition(values), 'Europe/Moscow', '2026-11-01')).toBeNull();
  });
});

describe('the FIXED templates and the law', () => {
  it('plan 8 h a day with a 60-minute break: 40 h a week, nothing to warn of', () => {
    const values = initialFormValues(null, '2026-11-02');
    expect(values.fixed.days).toEqual(weekPresetDays('fiveDay'));
    expect(values.fixed.days.filter((day) => day.working)).toHaveLength(5);
    expect(values.fixed.days.every((day) => day.breakMinutes === 60)).toBe(true);
    const days = previewDays(toDefinition(values), 'Europe/Moscow', '2026-11-09')!;
    expect(days[0]).toMatchObject({ weekdayLabel: 'Пн', text: '09:00–18:00 · 8 ч' });
    expect(lawWarnings(toDefinition(values))).toEqual([]);

    values.fixed.days = weekPresetDays('sixDay');
    expect(values.fixed.days.every((day) => day.breakMinutes === 60)).toBe(true);
    expect(lawWarnings(toDefinition(values))).toEqual([]);
  });

  it('warns of a week over 40 h once the break is gone, and not while the form is invalid', () => {
    const values = initialFormValues(null, '2026-11-02');
    values.fixed.days = values.fixed.days.map((day) => ({ ...day, breakMinutes: 0 }));
    expect(lawWarnings(toDefinition(values)).map((warning) => warning.message)).toEqual([
      'Рабочая неделя — 45 ч: больше 40 ч, установленных статьёй 91 ТК РФ. ' +
        'Сохранить можно, если в компании суммированный учёт рабочего времени.',
    ]);
    values.fixed.days[0] = { working: true, start: '18:00', end: '09:00', breakMinutes: 0 };
    expect(lawWarnings(toDefinition(values))).toEqual([]);
  });
});
