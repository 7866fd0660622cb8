import { describe, expect, it } from 'vitest';
import { parseDeviationParams, toDeviationSearchParams } from './deviation-params.ts';

describe('deviation params', () => {
  it('reads the filters from the address and writes them back', () => {
    const params = new URLSearchParams(
      'from=2026-03-01&to=2026-03-31&type=LATE&status=NEW&branchId=5&employeeId=7',
    );
    const query = parseDeviationParams(params, '2026-04-10');
    expect(query).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      type: 'LATE',
      status: 'NEW',
      branchId: 5,
      departmentId: undefined,
      employeeId: 7,
    });
    expect(toDeviationSearchParams(query).toString()).toBe(params.toString());
  });

  it('falls back to this month up to today on an unreadable or too long period, drops bad values', () => {
    for (const search of ['', 'from=2026-01-01&to=2026-04-10', 'from=2026-04-10&to=2026-04-01'])
      expect(parseDeviationParams(new URLSearchParams(search), '2026-04-10')).toMatchObject({
        from: '2026-04-01',
        to: '2026-04-10',
      });
    expect(
      parseDeviationParams(new URLSearchParams('type=NOPE&status=x&branchId=-1'), '2026-04-10'),
    ).toMatchObject({ type: undefined, status: undefined, branchId: undefined });
  });
});
