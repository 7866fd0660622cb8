import { describe, expect, it } from 'vitest';
import { SchedulePublicationKeySchema, publicationDeadline } from './schedule-publications.ts';

describe('publicationDeadline (art. 103: a month ahead)', () => {
  it('is the first day of the previous month', () => {
    expect(publicationDeadline('2030-05')).toBe('2030-04-01');
    expect(publicationDeadline('2026-12')).toBe('2026-11-01');
  });

  it('crosses the year for January', () => {
    expect(publicationDeadline('2027-01')).toBe('2026-12-01');
  });
});

describe('SchedulePublicationKeySchema', () => {
  it('takes exactly one unit', () => {
    expect(SchedulePublicationKeySchema.safeParse({ month: '2030-05', branchId: 1 }).success).toBe(
      true,
    );
    const none = SchedulePublicationKeySchema.safeParse({ month: '2030-05' });
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]).toMatchObject({
      path: ['branchId'],
      message: 'Выберите филиал или отдел',
    });
    expect(
      SchedulePublicationKeySchema.safeParse({ month: '2030-05', branchId: 1, departmentId: 2 })
        .success,
    ).toBe(false);
  });
});
