import { describe, expect, it } from 'vitest';
import {
  type ReportCard,
  type ReportCardDay,
  ReportCardResponseSchema,
  type TimesheetEntry,
  decodeReportCard,
  encodeReportCard,
} from './reports.ts';

describe('the report card on the wire', () => {
  const day = (
    date: string,
    entries: TimesheetEntry[],
    override: ReportCardDay['override'] = null,
  ) => ({
    date,
    entries,
    override,
  });
  const ya = [{ code: 'Я' as const, minutes: 480 }];
  const rest = [{ code: 'В' as const, minutes: null }];
  const card: ReportCard = {
    month: '2026-05',
    from: '2026-05-01',
    to: '2026-05-03',
    companyTitle: 'ООО «Бета»',
    departmentTitle: null,
    dates: [
      { date: '2026-05-01', kind: 'HOLIDAY' },
      { date: '2026-05-02', kind: 'WEEKEND' },
      { date: '2026-05-03', kind: 'WEEKEND' },
    ],
    norm: { days: 0, minutes: 0 },
    employees: [1, 2].map((employeeId) => ({
      employeeId,
      name: `Сотрудник ${employeeId}`,
      personnelNumber: null,
      departmentTitle: null,
      positionTitle: null,
      days: [
        day('2026-05-01', rest),
        day(
          '2026-05-02',
          employeeId === 2 ? [{ code: 'РВ', minutes: 420 }] : rest,
          employeeId === 2
            ? {
                reason: 'Вышел по приказу',
                changedByName: 'Иванов И.',
                changedAt: '2026-05-03T10:00:00.000Z',
              }
            : null,
        ),
        day('2026-05-03', ya),
      ],
      firstHalf: { days: 1, minutes: 480 },
      secondHalf: { days: 0, minutes: 0 },
      month: { days: 1, minutes: 480 },
      absences: [],
    })),
  };

  it('sends each set of codes once and decodes to the same card', () => {
    const wire = encodeReportCard(card);
    expect(wire.entrySets).toEqual([rest, ya, [{ code: 'РВ', minutes: 420 }]]);
    expect(wire.employees.map((employee) => employee.days)).toEqual([
      [0, 0, 1],
      [0, 2, 1],
    ]);
    expect(wire.employees[1]!.overrides).toHaveLength(1);
    expect(ReportCardResponseSchema.parse(wire)).toEqual(wire);
    expect(decodeReportCard(wire)).toEqual(card);
  });

  it('refuses an index outside the sets or a row of the wrong length', () => {
    const wire = encodeReportCard(card);
    const broken = { ...wire, employees: [{ ...wire.employees[0]!, days: [0, 9, 1] }] };
    expect(ReportCardResponseSchema.safeParse(broken).success).toBe(false);
    const short = { ...wire, employees: [{ ...wire.employees[0]!, days: [0] }] };
    expect(ReportCardResponseSchema.safeParse(short).success).toBe(false);
  });
});
