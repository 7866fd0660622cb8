import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DayOffSchema, DayOffsPageSchema, EmployeePlanSchema } from '@smena/contract';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, createCompany, login, type TestCompany } from '../../../test/factories.ts';

let t: TestApp;
let company: TestCompany;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
});
afterAll(async () => {
  await t.close();
});

async function member(role: 'MANAGER' | 'EMPLOYEE', companyId = company.companyId) {
  const added = await addMember(t.database.db, companyId, role, { firstName: 'Анна' });
  const tokens = await login(t.app, added.user.email);
  return { ...added, token: tokens.accessToken };
}

async function createDayOff(payload: Record<string, unknown>, token = adminToken) {
  return call(t.app, { method: 'POST', url: '/api/v1/weekends', token, payload });
}

async function requestDayOff(payload: Record<string, unknown>, token: string) {
  return call(t.app, { method: 'POST', url: '/api/v1/weekends/request', token, payload });
}

describe('day-offs', () => {
  it('creates an approved day-off for an employee and lists it', async () => {
    const employee = await member('EMPLOYEE');
    const response = await createDayOff({
      employeeId: employee.employee.id,
      type: 'VACATION',
      from: '2026-07-01',
      to: '2026-07-14',
      comment: 'Ежегодный',
    });
    expect(response.statusCode, response.body).toBe(201);
    const dayOff = DayOffSchema.parse(response.data);
    expect(dayOff).toMatchObject({
      employeeId: employee.employee.id,
      employeeName: `${employee.user.lastName} Анна`,
      type: 'VACATION',
      from: '2026-07-01',
      to: '2026-07-14',
      comment: 'Ежегодный',
      status: 'APPROVED',
      decidedAt: expect.any(String),
    });

    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/weekends?employeeId=${employee.employee.id}&scope=EMPLOYEE`,
      token: adminToken,
    });
    const page = DayOffsPageSchema.parse(list.data);
    expect(page.items.map((item) => item.id)).toEqual([dayOff.id]);

    const byRange = await call(t.app, {
      method: 'GET',
      url: `/api/v1/weekends?from=2026-07-10&to=2026-07-20&type=VACATION&limit=1000`,
      token: adminToken,
    });
    expect(byRange.data.items.map((item: { id: number }) => item.id)).toContain(dayOff.id);
    const outside = await call(t.app, {
      method: 'GET',
      url: `/api/v1/weekends?from=2026-07-15&to=2026-07-20&limit=1000`,
      token: adminToken,
    });
    expect(outside.data.items.map((item: { id: number }) => item.id)).not.toContain(dayOff.id);
  });

  it('answers 422 when the end is before the start', async () => {
    const employee = await member('EMPLOYEE');
    const response = await createDayOff({
      employeeId: employee.employee.id,
      type: 'VACATION',
      from: '2026-07-14',
      to: '2026-07-01',
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.details).toContainEqual({
      field: 'to',
      message: 'Дата окончания не может быть раньше даты начала',
    });
  });

  it('refuses an overlapping day-off of the same employee, naming the other one', async () => {
    const employee = await member('EMPLOYEE');
    const first = await createDayOff({
      employeeId: employee.employee.id,
      type: 'VACATION',
      from: '2026-07-01',
      to: '2026-07-14',
    });
    expect(first.statusCode).toBe(201);
    const overlapping = await createDayOff({
      employeeId: employee.employee.id,
      type: 'DISMISSED',
      from: '2026-07-14',
      to: '2026-07-15',
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.data.message).toBe(
      'Пересекается с другим отсутствием: Отпуск 2026-07-01 — 2026-07-14',
    );

    // An employee's own request is checked the same way, against requests too.
    const request = await requestDayOff(
      { type: 'SICKLEAVE', from: '2026-06-30', to: '2026-07-02' },
      employee.token,
    );
    expect(request.statusCode).toBe(409);

    // A change into an overlap is refused as well; other employees are not affected.
    const other = await member('EMPLOYEE');
    const adjacent = await createDayOff({
      employeeId: employee.employee.id,
      type: 'DISMISSED',
      from: '2026-07-15',
      to: '2026-07-15',
    });
    expect(adjacent.statusCode).toBe(201);
    const moved = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/weekends/${adjacent.data.id}`,
      token: adminToken,
      payload: { from: '2026-07-10' },
    });
    expect(moved.statusCode).toBe(409);
    const sameDatesOther = await createDayOff({
      employeeId: other.employee.id,
      type: 'VACATION',
      from: '2026-07-01',
      to: '2026-07-14',
    });
    expect(sameDatesOther.statusCode).toBe(201);

    // A rejected request no longer blocks the dates.
    const asked = await requestDayOff(
      { type: 'DISMISSED', from: '2026-08-03', to: '2026-08-03' },
      employee.token,
    );
    expect(asked.statusCode).toBe(201);
    await call(t.app, {
      method: 'POST',
      url: `/api/v1/weekends/${asked.data.id}/reject`,
      token: adminToken,
      payload: {},
    });
    const again = await requestDayOff(
      { type: 'DISMISSED', from: '2026-08-03', to: '2026-08-03' },
      employee.token,
    );
    expect(again.statusCode).toBe(201);
  });

  it('lets an employee ask for a day-off and a manager approve or reject it', async () => {
    const employee = await member('EMPLOYEE');
    const manager = await member('MANAGER');
    const asked = await requestDayOff(
      { type: 'DISMISSED', from: '2026-09-07', to: '2026-09-07', comment: 'Семейные дела' },
      employee.token,
    );
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.data).toMatchObject({
      employeeId: employee.employee.id,
      status: 'REQUESTED',
      createdById: employee.employee.id,
      decidedById: null,
    });

    const approveByEmployee = await call(t.app, {
      method: 'POST',
      url: `/api/v1/weekends/${asked.data.id}/approve`,
      token: employee.token,
    });
    expect(approveByEmployee.statusCode).toBe(403);

    const approved = await call(t.app, {
      method: 'POST',
      url: `/api/v1/weekends/${asked.data.id}/approve`,
      token: manager.token,
      payload: { comment: 'Хорошо' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.data).toMatchObject({
      status: 'APPROVED',
      decidedById: manager.employee.id,
      decisionComment: 'Хорошо',
    });

    const twice = await call(t.app, {
      method: 'POST',
      url: `/api/v1/weekends/${asked.data.id}/reject`,
      token: manager.token,
    });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.data.message).toBe('Запрос уже рассмотрен');

    // Approved, it shows in the plan.
    const plan = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/plan?from=2026-09-07&to=2026-09-07',
      token: employee.token,
    });
    expect(EmployeePlanSchema.parse(plan.data)[0]).toMatchObject({
      kind: 'DAY_OFF',
      dayOffType: 'DISMISSED',
      dayOffId: asked.data.id,
    });

    const other = await requestDayOff(
      { type: 'VACATION', from: '2026-10-01', to: '2026-10-05' },
      employee.token,
    );
    const rejected = await call(t.app, {
      method: 'POST',
      url: `/api/v1/weekends/${other.data.id}/reject`,
      token: adminToken,
      payload: { comment: 'Период отчётности' },
    });
    expect(rejected.data).toMatchObject({
      status: 'REJECTED',
      decisionComment: 'Период отчётности',
    });
    const notInPlan = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/plan?from=2026-10-01&to=2026-10-01',
      token: employee.token,
    });
    expect(notInPlan.data[0].kind).not.toBe('DAY_OFF');
  });

  it('shows an employee only their own and the company-wide day-offs', async () => {
    const employee = await member('EMPLOYEE');
    const colleague = await member('EMPLOYEE');
    const own = await requestDayOff(
      { type: 'VACATION', from: '2026-05-18', to: '2026-05-22' },
      employee.token,
    );
    const theirs = await createDayOff({
      employeeId: colleague.employee.id,
      type: 'SICKLEAVE',
      from: '2026-05-18',
      to: '2026-05-19',
    });
    const holiday = await createDayOff({
      employeeId: null,
      type: 'HOLIDAY',
      from: '2026-05-25',
      to: '2026-05-25',
      comment: 'День компании',
    });
    expect(holiday.statusCode, holiday.body).toBe(201);

    const list = await call(t.app, {
      method: 'GET',
      url: '/api/v1/weekends?limit=1000',
      token: employee.token,
    });
    const ids = DayOffsPageSchema.parse(list.data).items.map((item) => item.id);
    expect(ids).toContain(own.data.id);
    expect(ids).toContain(holiday.data.id);
    expect(ids).not.toContain(theirs.data.id);
    // Asking for a colleague's entries changes nothing.
    const asking = await call(t.app, {
      method: 'GET',
      url: `/api/v1/weekends?employeeId=${colleague.employee.id}&limit=1000`,
      token: employee.token,
    });
    expect(asking.data.items.map((item: { id: number }) => item.id)).not.toContain(theirs.data.id);
    const read = await call(t.app, {
      method: 'GET',
      url: `/api/v1/weekends/${theirs.data.id}`,
      token: employee.token,
    });
    expect(read.statusCode).toBe(404);
  });

  it('keeps company-wide entries and other people’s entries away from employees', async () => {
    const employee = await member('EMPLOYEE');
    const direct = await createDayOff(
      { employeeId: null, type: 'HOLIDAY', from: '2026-06-01', to: '2026-06-01' },
      employee.token,
    );
    expect(direct.statusCode).toBe(403);
    const viaRequest = await requestDayOff(
      { employeeId: null, type: 'HOLIDAY', from: '2026-06-01', to: '2026-06-01' },
      employee.token,
    );
    expect(viaRequest.statusCode).toBe(422);
  });

  it('allows only HOLIDAY and WEEKEND for the whole company', async () => {
    const vacation = await createDayOff({
      employeeId: null,
      type: 'VACATION',
      from: '2026-06-01',
      to: '2026-06-05',
    });
    expect(vacation.statusCode).toBe(422);
    expect(vacation.data.details).toContainEqual({
      field: 'type',
      message: 'Для всей компании можно указать только праздник или выходной',
    });
    const weekend = await createDayOff({
      employeeId: null,
      type: 'WEEKEND',
      from: '2026-06-02',
      to: '2026-06-02',
    });
    expect(weekend.statusCode).toBe(201);
    const toVacation = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/weekends/${weekend.data.id}`,
      token: adminToken,
      payload: { type: 'VACATION' },
    });
    expect(toVacation.statusCode).toBe(422);
  });

  it('puts a company-wide holiday into every employee’s plan', async () => {
    const schedule = await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedules',
      token: adminToken,
      payload: {
        title: 'Сутки через трое',
        definition: {
          type: 'DYNAMIC',
          anchorDate: '2026-04-01',
          cycle: [
            { working: true, start: '09:00', end: '09:00' },
            { working: false, start: '09:00', end: '09:00' },
            { working: false, start: '09:00', end: '09:00' },
            { working: false, start: '09:00', end: '09:00' },
          ],
        },
      },
    });
    const first = await member('EMPLOYEE');
    const second = await member('EMPLOYEE');
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedule-assignments',
      token: adminToken,
      payload: {
        employeeIds: [first.employee.id, second.employee.id],
        scheduleId: schedule.data.id,
        effectiveFrom: '2026-04-01',
      },
    });
    const holiday = await createDayOff({
      employeeId: null,
      type: 'HOLIDAY',
      from: '2026-04-13',
      to: '2026-04-13',
      comment: 'Юбилей компании',
    });
    for (const employee of [first, second]) {
      const plan = await call(t.app, {
        method: 'GET',
        url: `/api/v1/employees/${employee.employee.id}/plan?from=2026-04-13&to=2026-04-13`,
        token: adminToken,
      });
      expect(plan.data[0]).toMatchObject({
        kind: 'DAY_OFF',
        dayOffType: 'HOLIDAY',
        dayOffId: holiday.data.id,
      });
    }
    const noSchedule = await member('EMPLOYEE');
    const plan = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${noSchedule.employee.id}/plan?from=2026-04-13&to=2026-04-13`,
      token: adminToken,
    });
    expect(plan.data[0].kind).toBe('DAY_OFF');
  });

  it('lets an employee withdraw a waiting request, not a decided one', async () => {
    const employee = await member('EMPLOYEE');
    const colleague = await member('EMPLOYEE');
    const waiting = await requestDayOff(
      { type: 'WEEKEND', from: '2026-11-20', to: '2026-11-20' },
      employee.token,
    );
    const decided = await createDayOff({
      employeeId: employee.employee.id,
      type: 'VACATION',
      from: '2026-12-01',
      to: '2026-12-10',
    });
    const theirs = await requestDayOff(
      { type: 'WEEKEND', from: '2026-11-20', to: '2026-11-20' },
      colleague.token,
    );
    const withdraw = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/weekends/${waiting.data.id}`,
      token: employee.token,
    });
    expect(withdraw.statusCode).toBe(200);
    const forbidden = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/weekends/${decided.data.id}`,
      token: employee.token,
    });
    expect(forbidden.statusCode).toBe(403);
    const notMine = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/weekends/${theirs.data.id}`,
      token: employee.token,
    });
    expect(notMine.statusCode).toBe(404);
    const byAdmin = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/weekends/${decided.data.id}`,
      token: adminToken,
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it('answers 422 for an employee of another company and 404 for its day-offs', async () => {
    const other = await createCompany(t.app);
    const stranger = await addMember(t.database.db, other.companyId, 'EMPLOYEE');
    const response = await createDayOff({
      employeeId: stranger.employee.id,
      type: 'VACATION',
      from: '2026-07-01',
      to: '2026-07-02',
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.details).toEqual([
      { field: 'employeeId', message: 'Сотрудник не найден' },
    ]);
    const theirs = await createDayOff(
      { employeeId: stranger.employee.id, type: 'VACATION', from: '2026-07-01', to: '2026-07-02' },
      other.admin.tokens.accessToken,
    );
    const read = await call(t.app, {
      method: 'GET',
      url: `/api/v1/weekends/${theirs.data.id}`,
      token: adminToken,
    });
    expect(read.statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/v1/weekends' });
    expect(response.statusCode).toBe(401);
  });
});
