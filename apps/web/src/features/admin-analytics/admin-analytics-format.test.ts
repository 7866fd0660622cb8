import { describe, expect, it } from 'vitest';
import {
  averageUsers,
  fillDays,
  funnelSteps,
  lastDays,
  latestWeek,
  pageLabel,
  peakUsers,
  percentOf,
} from './admin-analytics-format.ts';

describe('admin analytics format', () => {
  it('takes the last 30 days up to today by default', () => {
    expect(lastDays('2026-11-23')).toEqual(['2026-10-25', '2026-11-23']);
    expect(lastDays('2026-03-01', 7)).toEqual(['2026-02-23', '2026-03-01']);
  });

  it('fills the days without activity with zero', () => {
    const days = fillDays('2026-11-01', '2026-11-04', [
      { date: '2026-11-02', users: 5 },
      { date: '2026-11-04', users: 3 },
    ]);
    expect(days).toEqual([
      { date: '2026-11-01', users: 0 },
      { date: '2026-11-02', users: 5 },
      { date: '2026-11-03', users: 0 },
      { date: '2026-11-04', users: 3 },
    ]);
    expect(averageUsers(days)).toBe(2);
    expect(peakUsers(days)).toBe(5);
    expect(averageUsers([])).toBe(0);
  });

  it('gives the funnel’s shares of the registered companies and of the step before', () => {
    expect(funnelSteps({ registered: 20, withEmployee: 12, withCheck: 5 })).toEqual([
      {
        key: 'registered',
        label: 'Зарегистрировались',
        companies: 20,
        percent: 100,
        fromPrevious: undefined,
      },
      {
        key: 'withEmployee',
        label: 'Добавили сотрудника',
        companies: 12,
        percent: 60,
        fromPrevious: 60,
      },
      { key: 'withCheck', label: 'Первая отметка', companies: 5, percent: 25, fromPrevious: 42 },
    ]);
    expect(
      funnelSteps({ registered: 0, withEmployee: 0, withCheck: 0 }).map((s) => s.percent),
    ).toEqual([0, 0, 0]);
    expect(percentOf(1, 3)).toBe(33);
  });

  it('takes the last week that has ended for «Пользователей за неделю»', () => {
    const weeks = [
      { weekStart: '2026-11-09', users: 40 },
      { weekStart: '2026-11-16', users: 52 },
      { weekStart: '2026-11-23', users: 11 },
    ];
    expect(latestWeek(weeks, '2026-11-23')).toEqual({ weekStart: '2026-11-16', users: 52 });
    expect(latestWeek(weeks, '2026-11-29')).toEqual({ weekStart: '2026-11-23', users: 11 });
    expect(latestWeek(weeks.slice(2), '2026-11-24')).toEqual({
      weekStart: '2026-11-23',
      users: 11,
    });
    expect(latestWeek([], '2026-11-24')).toBeUndefined();
  });

  it('names the pages by their patterns', () => {
    expect(pageLabel('/company/employees')).toBe('Сотрудники');
    expect(pageLabel('/company/employees/:id')).toBe('Карточка сотрудника');
    expect(pageLabel('/settings/app-config')).toBe('Настройки приложения');
    expect(pageLabel('/something/new')).toBeUndefined();
  });
});
