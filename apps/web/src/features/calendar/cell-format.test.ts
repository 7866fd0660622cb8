import type { DayPlan } from '@smena/contract';
import { describe, expect, it } from 'vitest';
import { cellView } from './cell-format.ts';

function plan(overrides: Partial<DayPlan>): DayPlan {
  return {
    date: '2026-11-02',
    kind: 'REST',
    shifts: [],
    shortened: false,
    rosterOverride: false,
    ...overrides,
  };
}

describe('cellView', () => {
  it('shows a shift as its hours in blue', () => {
    const view = cellView(
      plan({
        kind: 'WORK',
        shifts: [
          {
            start: '2026-11-02T08:00:00+03:00',
            end: '2026-11-02T20:00:00+03:00',
            breakMinutes: 60,
            plannedMinutes: 660,
          },
        ],
      }),
    );
    expect(view).toMatchObject({ tone: 'work', label: '08–20', override: false });
    expect(view.description).toBe('Смена 08:00–20:00, перерыв 60 мин (11 ч)');
  });

  it('keeps minutes, counts extra shifts and marks roster overrides', () => {
    const view = cellView(
      plan({
        kind: 'WORK',
        rosterOverride: true,
        shifts: [
          {
            start: '2026-11-02T08:30:00+03:00',
            end: '2026-11-02T12:00:00+03:00',
            breakMinutes: 0,
            plannedMinutes: 210,
          },
          {
            start: '2026-11-02T22:00:00+03:00',
            end: '2026-11-03T02:00:00+03:00',
            breakMinutes: 0,
            plannedMinutes: 240,
          },
        ],
      }),
    );
    expect(view).toMatchObject({ tone: 'work', label: '08:30–12 +1', override: true });
    expect(view.description).toContain('изменено вручную');
  });

  it('shows a FLEX day by its required hours', () => {
    expect(
      cellView(
        plan({
          kind: 'WORK',
          flex: {
            requiredMinutes: 480,
            window: { start: '2026-11-02T07:00:00+03:00', end: '2026-11-02T21:00:00+03:00' },
          },
        }),
      ),
    ).toMatchObject({ tone: 'work', label: '8 ч' });
  });

  it('gives rest, holiday and no schedule their own look', () => {
    expect(cellView(plan({ kind: 'REST' }))).toMatchObject({ tone: 'rest', label: '' });
    expect(cellView(plan({ kind: 'HOLIDAY' }))).toMatchObject({
      tone: 'holiday',
      label: 'Пр',
      description: 'Праздник',
    });
    expect(cellView(plan({ kind: 'NO_SCHEDULE' }))).toMatchObject({
      tone: 'none',
      description: 'Нет графика',
    });
    expect(cellView(undefined).tone).toBe('none');
  });

  it('colours each day-off type differently', () => {
    const types = ['VACATION', 'SICKLEAVE', 'DISMISSED', 'WEEKEND', 'HOLIDAY'] as const;
    const views = types.map((dayOffType) => cellView(plan({ kind: 'DAY_OFF', dayOffType })));
    expect(views.map((view) => [view.tone, view.label, view.description])).toEqual([
      ['vacation', 'Отп', 'Отпуск'],
      ['sick', 'Бол', 'Больничный'],
      ['timeoff', 'Отг', 'Отгул'],
      ['weekend', 'Вых', 'Выходной'],
      ['holiday', 'Пр', 'Праздник'],
    ]);
  });
});
