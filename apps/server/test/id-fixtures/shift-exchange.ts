import { branches, openShiftClaims, openShifts, shiftSwaps } from '../../src/db/schema/index.ts';
import { addMember } from '../factories.ts';
import type { TestApp } from '../build-test-app.ts';
import type { TestCompany } from '../factories.ts';
import type { IdFixture, IdFixtures } from './types.ts';

let branchNumber = 0;

/** A new branch of company A (no manager's scope holds it). */
async function branchOf(companyA: TestCompany, t: TestApp): Promise<number> {
  const [branch] = await t.database.db
    .insert(branches)
    .values({
      companyId: companyA.companyId,
      title: `Филиал с открытыми сменами ${++branchNumber}`,
      timezone: 'Europe/Moscow',
      latitude: 55.7,
      longitude: 37.6,
    })
    .returning({ id: branches.id });
  return branch!.id;
}

/** An open shift of company A, far ahead. */
const openShift: IdFixture = async (companyA, t) => {
  const [row] = await t.database.db
    .insert(openShifts)
    .values({
      companyId: companyA.companyId,
      branchId: await branchOf(companyA, t),
      date: '2030-05-14',
      startTime: '10:00',
      endTime: '16:00',
      headcount: 1,
    })
    .returning({ id: openShifts.id });
  return { id: row!.id };
};

/** A waiting claim of a new employee of company A on such a shift. */
const claim: IdFixture = async (companyA, t) => {
  const shift = await openShift(companyA, t);
  const member = await addMember(t.database.db, companyA.companyId, 'EMPLOYEE');
  const [row] = await t.database.db
    .insert(openShiftClaims)
    .values({
      companyId: companyA.companyId,
      openShiftId: Number(shift.id),
      employeeId: member.employee.id,
    })
    .returning({ id: openShiftClaims.id });
  return { id: row!.id };
};

/** A hand-over offered by a new employee of company A. */
const swap: IdFixture = async (companyA, t) => {
  const member = await addMember(t.database.db, companyA.companyId, 'EMPLOYEE');
  const [row] = await t.database.db
    .insert(shiftSwaps)
    .values({
      companyId: companyA.companyId,
      branchId: await branchOf(companyA, t),
      fromEmployeeId: member.employee.id,
      date: '2030-05-14',
      startTime: '10:00',
      endTime: '16:00',
    })
    .returning({ id: shiftSwaps.id });
  return { id: row!.id };
};

const withReason =
  (fixture: IdFixture): IdFixture =>
  async (companyA, t) => ({ ...(await fixture(companyA, t)), payload: { reason: 'Нет людей' } });

export const shiftExchangeFixtures: IdFixtures = {
  'POST /api/v1/open-shifts/:id/cancel': openShift,
  'POST /api/v1/open-shifts/:id/claim': openShift,
  'POST /api/v1/open-shift-claims/:id/approve': claim,
  'POST /api/v1/open-shift-claims/:id/reject': withReason(claim),
  'POST /api/v1/open-shift-claims/:id/withdraw': claim,
  'POST /api/v1/shift-swaps/:id/accept': swap,
  'POST /api/v1/shift-swaps/:id/decline': swap,
  'POST /api/v1/shift-swaps/:id/cancel': swap,
  'POST /api/v1/shift-swaps/:id/approve': swap,
  'POST /api/v1/shift-swaps/:id/reject': withReason(swap),
};
