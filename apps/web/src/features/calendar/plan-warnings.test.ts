import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { refusedViolations, ruleMarksByEmployee, violationLine } from './plan-warnings.ts';

const weeklyRest = {
  employeeId: 7,
  name: 'Петров Пётр',
  code: 'WEEKLY_REST' as const,
  article: '110',
  from: '2026-03-30',
  to: '2026-04-05',
  message: 'Отдых 40 ч',
};

describe('plan warnings', () => {
  it('reads a violation with its article, rule and dates', () => {
    expect(violationLine(weeklyRest)).toBe(
      'ст. 110 ТК РФ — Еженедельный отдых меньше 42 ч (2026-03-30 — 2026-04-05)',
    );
    expect(
      violationLine({ ...weeklyRest, code: 'LONG_SHIFT', article: '94', to: '2026-03-30' }),
    ).toBe('ст. 94 ТК РФ — Смена длиннее 12 ч (2026-03-30)');
  });

  it('finds the violations of a hard stop’s refusal, and only there', () => {
    const refusal = new ApiError({
      statusCode: 422,
      code: 'PLAN_RULES_VIOLATED',
      message: 'Изменение нарушает ТК РФ',
      violations: [weeklyRest],
    });
    expect(refusedViolations(refusal)).toEqual([weeklyRest]);
    expect(
      refusedViolations(new ApiError({ statusCode: 422, code: 'VALIDATION_ERROR', message: 'x' })),
    ).toBeUndefined();
    expect(refusedViolations(new Error('x'))).toBeUndefined();
  });

  it('marks every date of a violation across the month’s edge, the month’s norm on the row', () => {
    const marks = ruleMarksByEmployee({
      month: '2026-03',
      total: 2,
      employees: [
        {
          employeeId: 7,
          name: 'Петров Пётр',
          violations: [
            weeklyRest,
            {
              code: 'OVER_MONTH_NORM',
              article: '91',
              from: '2026-03-01',
              to: '2026-03-31',
              message: 'Больше нормы',
            },
          ],
        },
      ],
    }).get(7)!;
    expect([...marks.dates.keys()]).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
      '2026-04-05',
    ]);
    expect(marks.dates.get('2026-03-31')).toBe('Нарушение ст. 110 ТК РФ: Отдых 40 ч');
    expect(marks.month).toBe('Нарушение ст. 91 ТК РФ: Больше нормы');
    expect(ruleMarksByEmployee(undefined).size).toBe(0);
  });
});
