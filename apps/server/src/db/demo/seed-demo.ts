/**
 * A demo company with months of realistic attendance, for trying the product, for screenshots and
 * for benchmarks: branches (one in another time zone), a department tree, positions, schedules of
 * all four types, employees with Russian names, day-offs and checks derived from each employee's
 * plan as the server computes it (modules/planning), so that every report and chart has something
 * to show. Everything is written in one transaction with multi-row inserts.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gte, inArray, like, lte, sql } from 'drizzle-orm';
import type { DayOffType } from '@smena/contract';
import {
  type LocalDate,
  type PlanDayOff,
  type Planner,
  addDays,
  createPlanner,
  toAttendancePlan,
  daysBetween,
  localDateOf,
} from '@smena/time';
import type { Db, Tx } from '../client.ts';
import {
  apiKeys,
  branches,
  calendarYears,
  checkHistory,
  checks,
  cities,
  comments,
  companies,
  countries,
  dayOffs,
  departments,
  employeeBranches,
  employees,
  payments,
  plans,
  positions,
  scheduleAssignments,
  schedules,
  users,
} from '../schema/index.ts';
import { hashPassword } from '../../lib/password.ts';
import { generateApiKey } from '../../modules/api-keys/index.ts';
import { AUTO_CLOSE_REASON, checkSnapshot, haversineMetres } from '../../modules/checks/index.ts';
import { toProductionCalendar } from '../../modules/planning/index.ts';
import {
  BRANCHES,
  BRANCH_ORDER,
  DEPARTMENTS,
  type DepartmentKey,
  LATE_COMMENTS,
  MISSED_COMMENTS,
  POSITIONS,
  SCHEDULES,
  SLOTS,
  type ScheduleKey,
  type Slot,
  TERMINAL_DEVICE,
  WEB_DEVICES,
  slot,
} from './demo-catalog.ts';
import { generateEmployeeChecks } from './demo-checks.ts';
import { randomPerson } from './demo-names.ts';
import { type Dice, createDice, createRandom } from './demo-random.ts';

export type SeedDemoOptions = {
  /** People in the company, its ADMIN and MANAGER included (at least 3). */
  employees: number;
  /** Months of history up to today (at least 1). */
  months: number;
  /** The clock: no check starts or ends after it; today's shifts in progress stay open. */
  now?: Date;
  /** A seeded source in [0, 1) for repeatable data (createRandom(seed)); seed 1 by default. */
  random?: () => number;
  /** The password of every demo user; a random one (not from `random`) when not given. */
  password?: string;
  /** Share of long shifts with a lunch check-out, i.e. two checks that day (0.15 by default). */
  lunchShare?: number;
};

export type SeedDemoResult = {
  companyId: number;
  companyTitle: string;
  adminEmail: string;
  adminPassword: string;
  managerEmail: string;
  managerPassword: string;
  /** One employee's email: the others differ in the number; the password is the same. */
  employeeEmailExample: string;
  /** The period with checks: both dates included, `to` is today in the company's zone. */
  from: LocalDate;
  to: LocalDate;
  branches: number;
  departments: number;
  positions: number;
  schedules: number;
  /** Every membership (ADMIN and MANAGER included), dismissed ones too. */
  employees: number;
  dismissed: number;
  hiredInPeriod: number;
  dayOffs: number;
  checks: number;
  openChecks: number;
  autoClosedChecks: number;
  lateDays: number;
  missedDays: number;
  comments: number;
};

export const DEMO_COMPANY_TITLE = 'ООО «Смена Демо»';
/** Every demo user's email is in this domain (a subdomain per further demo company). */
export const DEMO_EMAIL_DOMAIN = 'smena-demo.ru';
const COMPANY_TIMEZONE = 'Europe/Moscow';
const LATE_TOLERANCE_MINUTES = 5;
const AUTO_CLOSE_MARGIN_MINUTES = 60;
const BATCH = 1000;
/** Employees planned (and their checks written) at a time: memory stays flat for any count. */
const PLAN_CHUNK = 500;
const DAY_MS = 86_400_000;

// ------------------------------------------------------------------ helpers

async function insertInBatches<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

type CheckInsert = typeof checks.$inferInsert;
/** Rows of checks per statement: one array per column, so the statement has 20 parameters. */
const CHECK_BATCH = 5000;

/**
 * Checks by the thousands: one `insert … select from unnest(arrays)` per batch. The query
 * builder's multi-row insert spends more time building the statement than the database
 * spends storing it; column arrays keep the parameters few and the statement cheap to make.
 */
async function insertChecks(tx: Tx, rows: readonly CheckInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHECK_BATCH) {
    const chunk = rows.slice(i, i + CHECK_BATCH);
    const column = (pick: (row: CheckInsert) => unknown) => sql.param(chunk.map(pick));
    const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
    await tx.execute(sql`
      insert into ${checks} (
        company_id, employee_id, branch_id, check_in, check_out, source, auto_closed,
        in_latitude, in_longitude, in_accuracy, in_distance,
        out_latitude, out_longitude, out_accuracy, out_distance,
        device, api_key_id, created_by, created_at, updated_at
      )
      select * from unnest(
        ${column((row) => row.companyId)}::int[],
        ${column((row) => row.employeeId)}::int[],
        ${column((row) => row.branchId)}::int[],
        ${column((row) => iso(row.checkIn))}::timestamptz[],
        ${column((row) => iso(row.checkOut))}::timestamptz[],
        ${column((row) => row.source)}::text[],
        ${column((row) => row.autoClosed ?? false)}::boolean[],
        ${column((row) => row.inLatitude ?? null)}::float8[],
        ${column((row) => row.inLongitude ?? null)}::float8[],
        ${column((row) => row.inAccuracy ?? null)}::float8[],
        ${column((row) => row.inDistance ?? null)}::float8[],
        ${column((row) => row.outLatitude ?? null)}::float8[],
        ${column((row) => row.outLongitude ?? null)}::float8[],
        ${column((row) => row.outAccuracy ?? null)}::float8[],
        ${column((row) => row.outDistance ?? null)}::float8[],
        ${column((row) => row.device ?? '')}::text[],
        ${column((row) => row.apiKeyId ?? null)}::int[],
        ${column((row) => row.createdBy ?? null)}::int[],
        ${column((row) => iso(row.createdAt))}::timestamptz[],
        ${column((row) => iso(row.updatedAt))}::timestamptz[]
      )`);
  }
}

function addMonths(date: LocalDate, months: number): LocalDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${y}-${pad(m)}-${pad(Math.min(day, lastDay))}`;
}

/** A point `metres` away from a branch in a random direction, and its distance rounded to 0.1 m. */
function nearBranch(dice: Dice, branch: { latitude: number; longitude: number }, metres: number) {
  const bearing = dice.random() * 2 * Math.PI;
  const latitude = branch.latitude + (metres * Math.cos(bearing)) / 111_320;
  const longitude =
    branch.longitude +
    (metres * Math.sin(bearing)) / (111_320 * Math.cos((branch.latitude * Math.PI) / 180));
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  const point = { latitude: round(latitude), longitude: round(longitude) };
  return { ...point, distance: Math.round(haversineMetres(branch, point) * 10) / 10 };
}

function emailDomain(number: number): string {
  return number === 1 ? DEMO_EMAIL_DOMAIN : `demo${number}.${DEMO_EMAIL_DOMAIN}`;
}

/** Demo companies already in the database: those whose ADMIN has a demo email. */
export async function findDemoCompanies(
  db: Db | Tx,
): Promise<{ companyId: number; title: string; adminEmail: string }[]> {
  return db
    .select({ companyId: companies.id, title: companies.title, adminEmail: users.email })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(and(like(users.email, `admin@%${DEMO_EMAIL_DOMAIN}`), eq(employees.role, 'ADMIN')));
}

/** The first free demo number: its email domain has no user yet (deleted ones included). */
async function nextDemoNumber(tx: Tx): Promise<number> {
  const taken = new Set(
    (
      await tx
        .select({ email: users.email })
        .from(users)
        .where(like(users.email, `admin@%${DEMO_EMAIL_DOMAIN}`))
    ).map((row) => row.email),
  );
  let number = 1;
  while (taken.has(`admin@${emailDomain(number)}`)) number++;
  // Phones carry the number in two digits.
  if (number > 99) throw new Error('Too many demo companies in this database (99 at most)');
  return number;
}

type DemoPerson = {
  index: number;
  role: 'ADMIN' | 'MANAGER' | 'EMPLOYEE';
  email: string;
  phone: string;
  name: { firstName: string; lastName: string; middleName: string };
  slot: Slot;
  personnelNumber: string;
  hireDate: LocalDate;
  dismissedAt: LocalDate | null;
  flexArrivalMinutes: number;
  worksOnRestDays: boolean;
  habit: 'WEB' | 'TERMINAL';
  device: string;
  employeeId?: number;
};

type PlannedDayOff = {
  person: DemoPerson;
  type: DayOffType;
  from: LocalDate;
  to: LocalDate;
  status: 'APPROVED' | 'REQUESTED' | 'REJECTED';
  comment: string;
  decisionComment?: string;
};

// ------------------------------------------------------------------ the seed

export async function seedDemoCompany(db: Db, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const count = Math.floor(options.employees);
  const months = Math.floor(options.months);
  if (!(count >= 3)) throw new RangeError('employees: at least 3 (an admin, a manager, a worker)');
  if (!(months >= 1)) throw new RangeError('months: at least 1');
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const dice = createDice(options.random ?? createRandom(1));
  const password = options.password ?? randomBytes(9).toString('base64url');
  const lunchShare = options.lunchShare ?? 0.15;

  const today = localDateOf(nowMs, COMPANY_TIMEZONE);
  const from = addMonths(today, -months);
  const periodDays = daysBetween(from, today);

  return db.transaction(async (tx) => {
    const number = await nextDemoNumber(tx);
    const domain = emailDomain(number);
    const phoneOf = (index: number) =>
      `+79${String(number).padStart(2, '0')}${String(index).padStart(7, '0')}`;
    const companyTitle = number === 1 ? DEMO_COMPANY_TITLE : `${DEMO_COMPANY_TITLE} ${number}`;

    // ---------------------------------------------------------------- people (in memory)
    const people: DemoPerson[] = [];
    for (let index = 0; index < count; index++) {
      const role = index === 0 ? 'ADMIN' : index === 1 ? 'MANAGER' : 'EMPLOYEE';
      const own =
        role === 'ADMIN'
          ? slot('admin', 'Генеральный директор', 'fixed', 'office')
          : role === 'MANAGER'
            ? slot('sales', 'Руководитель отдела продаж', 'fixed', 'office')
            : SLOTS[(index - 2) % SLOTS.length]!;
      const local =
        role === 'ADMIN'
          ? 'admin'
          : role === 'MANAGER'
            ? 'manager'
            : `e${String(index - 1).padStart(5, '0')}`;
      const drivers = own.department === 'delivery';
      const terminalLovers = own.department === 'warehouse' || own.department === 'retail';
      people.push({
        index,
        role,
        email: `${local}@${domain}`,
        phone: phoneOf(index),
        name: randomPerson(dice),
        slot: own,
        personnelNumber: String(index + 1).padStart(5, '0'),
        hireDate: addDays(from, -dice.int(20, 3000)),
        dismissedAt: null,
        flexArrivalMinutes: dice.int(45, 200),
        worksOnRestDays: dice.chance(0.1),
        habit: drivers ? 'WEB' : dice.chance(terminalLovers ? 0.65 : 0.45) ? 'TERMINAL' : 'WEB',
        device: dice.pick(WEB_DEVICES),
      });
    }
    // A few joined or left within the period (never the admin or the manager).
    const workers = people.filter((person) => person.role === 'EMPLOYEE');
    const movers = workers.length >= 10 ? Math.max(1, Math.round(workers.length * 0.03)) : 0;
    const [hired, dismissed] = ((shuffled) => [
      shuffled.slice(0, movers),
      shuffled.slice(movers, 2 * movers),
    ])(dice.sample(workers, 2 * movers));
    for (const person of hired)
      person.hireDate = addDays(from, dice.int(1, Math.max(1, periodDays - 3)));
    for (const person of dismissed)
      person.dismissedAt = addDays(from, dice.int(2, Math.max(2, periodDays - 2)));
    const active = people.filter((person) => person.dismissedAt === null).length;

    // ---------------------------------------------------------------- company
    const cityRows = await tx
      .select({ id: cities.id, name: cities.name })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(
        and(
          eq(countries.code, 'RU'),
          inArray(
            cities.name,
            BRANCH_ORDER.map((key) => BRANCHES[key].city),
          ),
        ),
      );
    const cityId = new Map(cityRows.map((row) => [row.name, row.id]));
    const [company] = await tx
      .insert(companies)
      .values({
        title: companyTitle,
        email: `demo@${domain}`,
        phone: phoneOf(0),
        countryCode: 'RU',
        timezone: COMPANY_TIMEZONE,
        userLimit: active + Math.max(10, Math.ceil(active * 0.2)),
        paidUntil: new Date(nowMs + 365 * DAY_MS),
        isTrial: false,
        lateToleranceMinutes: LATE_TOLERANCE_MINUTES,
        autoCloseMarginMinutes: AUTO_CLOSE_MARGIN_MINUTES,
      })
      .returning({ id: companies.id, userLimit: companies.userLimit });
    const companyId = company!.id;

    // ---------------------------------------------------------------- branches, terminals
    const branchRows = await tx
      .insert(branches)
      .values(
        BRANCH_ORDER.map((key) => {
          const { terminal: _terminal, city, ...branch } = BRANCHES[key];
          return { companyId, ...branch, cityId: cityId.get(city) ?? null };
        }),
      )
      .returning({ id: branches.id });
    const branchId = new Map(BRANCH_ORDER.map((key, i) => [key, branchRows[i]!.id]));
    const keyRows = await tx
      .insert(apiKeys)
      .values(
        BRANCH_ORDER.map((key) => {
          const generated = generateApiKey();
          return {
            companyId,
            name: BRANCHES[key].terminal,
            prefix: generated.prefix,
            secretHash: generated.hash,
            branchId: branchId.get(key)!,
            lastUsedAt: now,
          };
        }),
      )
      .returning({ id: apiKeys.id });
    const terminalKeyId = new Map(BRANCH_ORDER.map((key, i) => [key, keyRows[i]!.id]));

    // ---------------------------------------------------------------- departments, positions
    const departmentId = new Map<DepartmentKey, number>();
    const departmentKeys = Object.keys(DEPARTMENTS) as DepartmentKey[];
    for (const level of [false, true]) {
      const keys = departmentKeys.filter(
        (key) => (DEPARTMENTS[key].parent !== undefined) === level,
      );
      const rows = await tx
        .insert(departments)
        .values(
          keys.map((key) => {
            const parent = DEPARTMENTS[key].parent;
            return {
              companyId,
              title: DEPARTMENTS[key].title,
              parentId: parent ? departmentId.get(parent)! : null,
            };
          }),
        )
        .returning({ id: departments.id });
      keys.forEach((key, i) => departmentId.set(key, rows[i]!.id));
    }
    const positionRows = await tx
      .insert(positions)
      .values(POSITIONS.map((title) => ({ companyId, title })))
      .returning({ id: positions.id });
    const positionId = new Map(POSITIONS.map((title, i) => [title, positionRows[i]!.id]));

    // ---------------------------------------------------------------- schedules
    const scheduleKeys = Object.keys(SCHEDULES) as ScheduleKey[];
    const scheduleRows = await tx
      .insert(schedules)
      .values(
        scheduleKeys.map((key) => ({
          companyId,
          title: SCHEDULES[key].title,
          type: SCHEDULES[key].definition.type,
          definition: SCHEDULES[key].definition,
          color: SCHEDULES[key].color,
        })),
      )
      .returning({ id: schedules.id });
    const scheduleId = new Map(scheduleKeys.map((key, i) => [key, scheduleRows[i]!.id]));

    // ---------------------------------------------------------------- users, employees
    const passwordHash = await hashPassword(password);
    const userIdByEmail = new Map<string, number>();
    await insertInBatches(people, async (chunk) => {
      const rows = await tx
        .insert(users)
        .values(
          chunk.map((person) => ({
            email: person.email,
            phone: person.phone,
            passwordHash,
            countryCode: 'RU',
            ...person.name,
          })),
        )
        .returning({ id: users.id, email: users.email });
      for (const row of rows) userIdByEmail.set(row.email, row.id);
    });
    const personByUserId = new Map(
      people.map((person) => [userIdByEmail.get(person.email)!, person]),
    );
    await insertInBatches(people, async (chunk) => {
      const rows = await tx
        .insert(employees)
        .values(
          chunk.map((person) => ({
            companyId,
            userId: userIdByEmail.get(person.email)!,
            role: person.role,
            status: person.dismissedAt ? ('DISMISSED' as const) : ('ACTIVE' as const),
            departmentId: departmentId.get(person.slot.department)!,
            positionId: positionId.get(person.slot.position)!,
            personnelNumber: person.personnelNumber,
            hireDate: person.hireDate,
            dismissedAt: person.dismissedAt,
            dismissalReason: person.dismissedAt ? 'По собственному желанию' : null,
          })),
        )
        .returning({ id: employees.id, userId: employees.userId });
      for (const row of rows) personByUserId.get(row.userId)!.employeeId = row.id;
    });
    const idOf = (person: DemoPerson) => person.employeeId!;
    const admin = people[0]!;
    const manager = people[1]!;

    await insertInBatches(
      people.flatMap((person) =>
        person.slot.branches.map((key) => ({
          companyId,
          employeeId: idOf(person),
          branchId: branchId.get(key)!,
        })),
      ),
      (chunk) => tx.insert(employeeBranches).values(chunk),
    );

    // Heads: the admin and the manager their departments, the first member elsewhere.
    const heads = new Map<DepartmentKey, DemoPerson>();
    for (const person of people)
      if (!heads.has(person.slot.department) && person.dismissedAt === null)
        heads.set(person.slot.department, person);
    heads.set('admin', admin);
    heads.set('sales', manager);
    for (const [key, head] of heads)
      await tx
        .update(departments)
        .set({ headEmployeeId: idOf(head) })
        .where(
          and(eq(departments.companyId, companyId), eq(departments.id, departmentId.get(key)!)),
        );

    // Schedules from the hire date (before the period for most).
    await insertInBatches(
      people.map((person) => ({
        companyId,
        employeeId: idOf(person),
        scheduleId: scheduleId.get(person.slot.schedule)!,
        effectiveFrom: person.hireDate,
        createdAt: new Date(Math.min(nowMs, Date.parse(`${person.hireDate}T09:00:00+03:00`))),
      })),
      (chunk) => tx.insert(scheduleAssignments).values(chunk),
    );

    // ---------------------------------------------------------------- day-offs
    const planned = planDayOffs(dice, workers, { from, today, months });
    await insertInBatches(
      planned.map((dayOff) => {
        const requestedAt = Math.min(
          nowMs,
          Date.parse(`${addDays(dayOff.from, -dice.int(7, 30))}T10:00:00+03:00`),
        );
        const decided = dayOff.status !== 'REQUESTED';
        return {
          companyId,
          employeeId: idOf(dayOff.person),
          type: dayOff.type,
          dateFrom: dayOff.from,
          dateTo: dayOff.to,
          comment: dayOff.comment,
          status: dayOff.status,
          createdBy: dayOff.type === 'SICKLEAVE' ? idOf(manager) : idOf(dayOff.person),
          decidedBy: decided ? idOf(manager) : null,
          decidedAt: decided ? new Date(Math.min(nowMs, requestedAt + 3 * 3_600_000)) : null,
          decisionComment: dayOff.decisionComment ?? '',
          createdAt: new Date(requestedAt),
          updatedAt: new Date(decided ? Math.min(nowMs, requestedAt + 3 * 3_600_000) : requestedAt),
        };
      }),
      (chunk) => tx.insert(dayOffs).values(chunk),
    );

    // ---------------------------------------------------------------- checks from the plans
    // The plans as the server computes them (modules/planning): the engine with the company's
    // production calendar, the approved day-offs and the zone of the employee's first branch.
    // Read here rather than through the planning service: its parallel reads would share this
    // transaction's one connection.
    const calendar = toProductionCalendar(
      'RU',
      await tx
        .select()
        .from(calendarYears)
        .where(
          and(
            eq(calendarYears.countryCode, 'RU'),
            gte(calendarYears.year, Number(from.slice(0, 4)) - 1),
            lte(calendarYears.year, Number(today.slice(0, 4)) + 1),
          ),
        ),
      new Map(),
    );
    const approved = new Map<DemoPerson, PlanDayOff[]>();
    for (const dayOff of planned)
      if (dayOff.status === 'APPROVED') {
        const list = approved.get(dayOff.person) ?? [];
        list.push({ from: dayOff.from, to: dayOff.to, type: dayOff.type });
        approved.set(dayOff.person, list);
      }
    // People with nothing of their own in the period share one planner per schedule and zone.
    const shared = new Map<string, Planner>();
    const plannerOf = (person: DemoPerson): Planner => {
      const timezone = BRANCHES[person.slot.branches[0]!].timezone;
      const schedule = SCHEDULES[person.slot.schedule].definition;
      const own = approved.get(person);
      if (own || person.hireDate >= from)
        return createPlanner({
          timezone,
          assignments: [{ effectiveFrom: person.hireDate, schedule }],
          dayOffs: own ?? [],
          calendar,
        });
      const key = `${person.slot.schedule}|${timezone}`;
      let planner = shared.get(key);
      if (!planner) {
        planner = createPlanner({
          timezone,
          assignments: [{ effectiveFrom: addDays(from, -1), schedule }],
          calendar,
        });
        shared.set(key, planner);
      }
      return planner;
    };

    const stats = { checks: 0, open: 0, autoClosed: 0, late: 0, missed: 0, comments: 0 };
    const branchOf = new Map(BRANCH_ORDER.map((key) => [key, BRANCHES[key]]));
    // Tomorrow too: in Yekaterinburg it may already have begun.
    const planTo = addDays(today, 1);
    for (let start = 0; start < people.length; start += PLAN_CHUNK) {
      const chunk = people.slice(start, start + PLAN_CHUNK);
      const rows: CheckInsert[] = [];
      const commentRows: (typeof comments.$inferInsert)[] = [];
      for (const person of chunk) {
        const days = plannerOf(person).planRange(from, planTo).map(toAttendancePlan);
        const homeKey = person.slot.branches[0]!;
        const home = branchOf.get(homeKey)!;
        const generated = generateEmployeeChecks({
          days,
          timezone: home.timezone,
          nowMs,
          lateToleranceMinutes: LATE_TOLERANCE_MINUTES,
          autoCloseMarginMinutes: AUTO_CLOSE_MARGIN_MINUTES,
          firstDate: person.hireDate > from ? person.hireDate : from,
          lastDate: person.dismissedAt ?? planTo,
          flexArrivalMinutes: person.flexArrivalMinutes,
          worksOnRestDays: person.worksOnRestDays,
          lunchShare,
          dice,
        });
        stats.late += generated.lateDates.length;
        stats.missed += generated.missedDates.length;
        for (const check of generated.checks) {
          // Sellers sometimes help out in their second store (same time zone).
          const key =
            person.slot.branches.length > 1 && dice.chance(0.1)
              ? person.slot.branches[1]!
              : homeKey;
          const branch = branchOf.get(key)!;
          const roll = dice.random();
          const source =
            roll < 0.06
              ? 'MANUAL'
              : roll < 0.16
                ? person.habit === 'WEB'
                  ? 'TERMINAL'
                  : 'WEB'
                : person.habit;
          const row: CheckInsert = {
            companyId,
            employeeId: idOf(person),
            branchId: branchId.get(key)!,
            checkIn: new Date(check.inMs),
            checkOut: check.outMs === null ? null : new Date(check.outMs),
            source,
            autoClosed: check.autoClosed,
            device: source === 'WEB' ? person.device : source === 'TERMINAL' ? TERMINAL_DEVICE : '',
            apiKeyId: source === 'TERMINAL' ? terminalKeyId.get(key)! : null,
            createdBy: source === 'MANUAL' ? idOf(manager) : source === 'WEB' ? idOf(person) : null,
            createdAt: new Date(source === 'MANUAL' ? (check.outMs ?? check.inMs) : check.inMs),
            updatedAt: new Date(
              check.autoClosed
                ? check.outMs! + AUTO_CLOSE_MARGIN_MINUTES * 60_000
                : (check.outMs ?? check.inMs),
            ),
          };
          if (source === 'WEB') {
            const spot = nearBranch(dice, branch, dice.random() * branch.radius * 0.8);
            Object.assign(row, {
              inLatitude: spot.latitude,
              inLongitude: spot.longitude,
              inAccuracy: dice.int(5, 40),
              inDistance: spot.distance,
            });
            if (check.outMs !== null && !check.autoClosed) {
              const out = nearBranch(dice, branch, dice.random() * branch.radius * 0.8);
              Object.assign(row, {
                outLatitude: out.latitude,
                outLongitude: out.longitude,
                outAccuracy: dice.int(5, 40),
                outDistance: out.distance,
              });
            }
          }
          rows.push(row);
          if (check.outMs === null) stats.open++;
          if (check.autoClosed) stats.autoClosed++;
        }
        for (const date of generated.lateDates)
          if (dice.chance(0.3))
            commentRows.push({
              companyId,
              employeeId: idOf(person),
              date,
              authorId: idOf(person),
              text: dice.pick(LATE_COMMENTS),
              createdAt: new Date(Math.min(nowMs, Date.parse(`${date}T13:00:00+03:00`))),
            });
        for (const date of generated.missedDates)
          if (dice.chance(0.4))
            commentRows.push({
              companyId,
              employeeId: idOf(person),
              date,
              authorId: idOf(manager),
              text: dice.pick(MISSED_COMMENTS),
              createdAt: new Date(
                Math.min(nowMs, Date.parse(`${addDays(date, 1)}T10:00:00+03:00`)),
              ),
            });
      }
      // Auto-closed ones apart: their ids are needed for the history.
      await insertChecks(
        tx,
        rows.filter((row) => !row.autoClosed),
      );
      const autoClosed = rows.filter((row) => row.autoClosed);
      if (autoClosed.length > 0) {
        const inserted = await tx.insert(checks).values(autoClosed).returning({
          id: checks.id,
          branchId: checks.branchId,
          checkIn: checks.checkIn,
          checkOut: checks.checkOut,
          updatedAt: checks.updatedAt,
        });
        await tx.insert(checkHistory).values(
          inserted.map((check) => ({
            companyId,
            checkId: check.id,
            action: 'AUTO_CLOSE' as const,
            changedBy: null,
            reason: AUTO_CLOSE_REASON,
            before: checkSnapshot({ ...check, checkOut: null, autoClosed: false }),
            after: checkSnapshot({ ...check, autoClosed: true }),
            createdAt: check.updatedAt,
          })),
        );
      }
      await insertInBatches(commentRows, (batch) => tx.insert(comments).values(batch));
      stats.checks += rows.length;
      stats.comments += commentRows.length;
    }

    // ---------------------------------------------------------------- a year paid
    const [plan] = await tx.select().from(plans).where(eq(plans.isDefault, true)).limit(1);
    if (plan) {
      const seats = company!.userLimit;
      const subtotal = seats * plan.pricePerUserKopecks * 12;
      const discount = Math.round((subtotal * plan.discount12Months) / 100);
      await tx.insert(payments).values({
        companyId,
        planId: plan.id,
        planTitle: plan.title,
        provider: 'manual',
        status: 'PAID',
        users: seats,
        months: 12,
        pricePerUserKopecks: plan.pricePerUserKopecks,
        discountPercent: plan.discount12Months,
        subtotalKopecks: subtotal,
        discountKopecks: discount,
        amountKopecks: subtotal - discount,
        periodStart: now,
        periodEnd: new Date(nowMs + 365 * DAY_MS),
        paidAt: now,
      });
    }

    return {
      companyId,
      companyTitle,
      adminEmail: admin.email,
      adminPassword: password,
      managerEmail: manager.email,
      managerPassword: password,
      employeeEmailExample: people[2]!.email,
      from,
      to: today,
      branches: BRANCH_ORDER.length,
      departments: departmentKeys.length,
      positions: POSITIONS.length,
      schedules: scheduleKeys.length,
      employees: people.length,
      dismissed: dismissed.length,
      hiredInPeriod: hired.length,
      dayOffs: planned.length,
      checks: stats.checks,
      openChecks: stats.open,
      autoClosedChecks: stats.autoClosed,
      lateDays: stats.late,
      missedDays: stats.missed,
      comments: stats.comments,
    };
  });
}

// ------------------------------------------------------------------ day-offs

/**
 * Vacations of one or two weeks, sick leaves, отгулы (all approved), a few pending requests and
 * one refusal; never two of one person overlapping, always within the person's employment.
 */
function planDayOffs(
  dice: Dice,
  workers: readonly DemoPerson[],
  period: { from: LocalDate; today: LocalDate; months: number },
): PlannedDayOff[] {
  const { from, today, months } = period;
  const taken = new Map<DemoPerson, { from: LocalDate; to: LocalDate }[]>();
  const result: PlannedDayOff[] = [];
  const scaled = (rate: number, least: number) =>
    Math.max(least, Math.round(workers.length * months * rate));

  const place = (
    count: number,
    make: () => { first: LocalDate; length: number },
    rest: Omit<PlannedDayOff, 'person' | 'from' | 'to'>,
  ) => {
    for (let placed = 0, attempts = 0; placed < count && attempts < count * 20; attempts++) {
      const person = dice.pick(workers);
      const { first, length } = make();
      const last = addDays(first, length - 1);
      if (person.hireDate > first || (person.dismissedAt !== null && person.dismissedAt < last))
        continue;
      const own = taken.get(person) ?? [];
      // A day's gap between two day-offs of one person keeps them apart in the calendar.
      if (own.some((t) => !(last < addDays(t.from, -1) || first > addDays(t.to, 1)))) continue;
      own.push({ from: first, to: last });
      taken.set(person, own);
      result.push({ person, from: first, to: last, ...rest });
      placed++;
    }
  };
  const dateIn = (a: LocalDate, b: LocalDate) =>
    addDays(a, dice.int(0, Math.max(0, daysBetween(a, b))));

  if (workers.length === 0) return result;
  place(
    scaled(0.12, 2),
    () => ({
      first: dateIn(addDays(from, -7), addDays(today, 10)),
      length: dice.pick([7, 14, 14]),
    }),
    { type: 'VACATION', status: 'APPROVED', comment: 'Ежегодный оплачиваемый отпуск' },
  );
  place(
    scaled(0.05, 1),
    () => ({ first: dateIn(from, addDays(today, -2)), length: dice.int(3, 10) }),
    { type: 'SICKLEAVE', status: 'APPROVED', comment: 'Больничный лист (ЭЛН)' },
  );
  place(
    scaled(0.04, 1),
    () => ({ first: dateIn(from, addDays(today, 5)), length: dice.chance(0.2) ? 2 : 1 }),
    { type: 'DISMISSED', status: 'APPROVED', comment: 'Отгул за работу в выходной день' },
  );
  place(
    scaled(0.01, 2),
    () => ({ first: dateIn(addDays(today, 14), addDays(today, 60)), length: 14 }),
    { type: 'VACATION', status: 'REQUESTED', comment: 'Прошу предоставить ежегодный отпуск' },
  );
  place(1, () => ({ first: dateIn(addDays(today, 3), addDays(today, 10)), length: 1 }), {
    type: 'DISMISSED',
    status: 'REQUESTED',
    comment: 'Отгул по семейным обстоятельствам',
  });
  place(1, () => ({ first: dateIn(addDays(today, 2), addDays(today, 12)), length: 1 }), {
    type: 'DISMISSED',
    status: 'REJECTED',
    comment: 'Прошу отгул',
    decisionComment: 'В этот день инвентаризация, выберите другую дату',
  });
  return result;
}
