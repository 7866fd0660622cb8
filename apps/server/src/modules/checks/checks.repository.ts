import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CheckSignal } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import { executeNamed, namedStatement } from '../../db/named-statement.ts';
import { checkHistory, checks, devicePunches } from '../../db/schema/checks.ts';
import {
  branches,
  checkRefusals,
  companies,
  employeeBranches,
  employees,
  kioskPhotos,
  users,
} from '../../db/schema/index.ts';
import { memberShortName, memberShortNameOf } from '../../db/member-name.ts';
import { kioskPhotoExpiry } from '../../db/kiosk-photo-expiry.ts';
import { employeeScopeCondition, type EmployeeScope } from '../../db/employee-scope.ts';
import { inIds } from '../../lib/pagination.ts';

/** An arbitrary constant: the first key of the per-employee lock of check writes. */
const CHECK_WRITE_LOCK_ID = 7_212_101;

export type CheckSource = (typeof checks.$inferSelect)['source'];

/** A text[] literal of known signal codes (the enum's letters only: safe to inline). */
function signalArrayLiteral(signals: readonly CheckSignal[]): string {
  const codes = signals.filter((code) => /^[A-Z_]+$/.test(code));
  return `'{${codes.join(',')}}'::text[]`;
}
export type HistoryAction = (typeof checkHistory.$inferSelect)['action'];

const checkFields = {
  id: checks.id,
  companyId: checks.companyId,
  employeeId: checks.employeeId,
  employeeName: memberShortName,
  branchId: checks.branchId,
  branchTitle: branches.title,
  branchTimezone: branches.timezone,
  checkIn: checks.checkIn,
  checkOut: checks.checkOut,
  source: checks.source,
  autoClosed: checks.autoClosed,
  inLatitude: checks.inLatitude,
  inLongitude: checks.inLongitude,
  inAccuracy: checks.inAccuracy,
  inDistance: checks.inDistance,
  outLatitude: checks.outLatitude,
  outLongitude: checks.outLongitude,
  outAccuracy: checks.outAccuracy,
  outDistance: checks.outDistance,
  device: checks.device,
  signals: checks.signals,
  deletedAt: checks.deletedAt,
  createdAt: checks.createdAt,
  updatedAt: checks.updatedAt,
};

export type CheckRow = {
  id: number;
  companyId: number;
  employeeId: number;
  employeeName: string;
  branchId: number;
  branchTitle: string;
  branchTimezone: string;
  checkIn: Date;
  checkOut: Date | null;
  source: CheckSource;
  autoClosed: boolean;
  inLatitude: number | null;
  inLongitude: number | null;
  inAccuracy: number | null;
  inDistance: number | null;
  outLatitude: number | null;
  outLongitude: number | null;
  outAccuracy: number | null;
  outDistance: number | null;
  device: string;
  signals: CheckSignal[];
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type NewCheck = {
  employeeId: number;
  branchId: number;
  checkIn: Date;
  checkOut: Date | null;
  source: CheckSource;
  autoClosed?: boolean;
  inLatitude?: number | null;
  inLongitude?: number | null;
  inAccuracy?: number | null;
  inDistance?: number | null;
  device: string;
  apiKeyId: number | null;
  createdBy: number | null;
  /** Anti-fraud signals of the check-in (decision 033). */
  signals?: CheckSignal[];
};

export type ChecksFilter = {
  fromMs?: number | undefined;
  toMs?: number | undefined;
  employeeId?: number | undefined;
  branchId?: number | undefined;
  departmentId?: number | undefined;
  open?: boolean | undefined;
  /** Any of these signals (decision 033). */
  signals?: CheckSignal[] | undefined;
  /** The caller's employees (decision 016); absent: the whole company. */
  scope?: EmployeeScope | undefined;
};

/** What the history keeps of a check: the fields a correction may change. */
export function checkSnapshot(row: {
  branchId: number;
  checkIn: Date;
  checkOut: Date | null;
  autoClosed: boolean;
}) {
  return {
    branchId: row.branchId,
    checkIn: row.checkIn.toISOString(),
    checkOut: row.checkOut?.toISOString() ?? null,
    autoClosed: row.autoClosed,
  };
}

type RawCheckRow = Record<string, unknown>;

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const asNumberOrNull = (value: unknown) => (value === null ? null : Number(value));

/** A row of the raw create statement in the shape of the query builder's rows. */
function fromRaw(raw: RawCheckRow): CheckRow {
  return {
    id: Number(raw.id),
    companyId: Number(raw.company_id),
    employeeId: Number(raw.employee_id),
    employeeName: String(raw.employee_name),
    branchId: Number(raw.branch_id),
    branchTitle: String(raw.branch_title),
    branchTimezone: String(raw.branch_timezone),
    checkIn: asDate(raw.check_in),
    checkOut: raw.check_out === null ? null : asDate(raw.check_out),
    source: raw.source as CheckSource,
    autoClosed: Boolean(raw.auto_closed),
    inLatitude: asNumberOrNull(raw.in_latitude),
    inLongitude: asNumberOrNull(raw.in_longitude),
    inAccuracy: asNumberOrNull(raw.in_accuracy),
    inDistance: asNumberOrNull(raw.in_distance),
    outLatitude: asNumberOrNull(raw.out_latitude),
    outLongitude: asNumberOrNull(raw.out_longitude),
    outAccuracy: asNumberOrNull(raw.out_accuracy),
    outDistance: asNumberOrNull(raw.out_distance),
    device: String(raw.device),
    signals: signalsOf(raw.signals),
    deletedAt: raw.deleted_at === null ? null : asDate(raw.deleted_at),
    createdAt: asDate(raw.created_at),
    updatedAt: asDate(raw.updated_at),
  };
}

/**
 * A row of the single create's statement: only what a new check may have set comes back; its
 * check-out location and deletion are not set yet.
 */
function fromInserted(raw: RawCheckRow, companyId: number): CheckRow {
  return {
    id: Number(raw.id),
    companyId,
    employeeId: Number(raw.employee_id),
    employeeName: String(raw.employee_name),
    branchId: Number(raw.branch_id),
    branchTitle: String(raw.branch_title),
    branchTimezone: String(raw.branch_timezone),
    checkIn: asDate(raw.check_in),
    checkOut: raw.check_out === null ? null : asDate(raw.check_out),
    source: raw.source as CheckSource,
    autoClosed: Boolean(raw.auto_closed),
    inLatitude: asNumberOrNull(raw.in_latitude),
    inLongitude: asNumberOrNull(raw.in_longitude),
    inAccuracy: asNumberOrNull(raw.in_accuracy),
    inDistance: asNumberOrNull(raw.in_distance),
    outLatitude: null,
    outLongitude: null,
    outAccuracy: null,
    outDistance: null,
    device: String(raw.device),
    signals: signalsOf(raw.signals),
    deletedAt: null,
    createdAt: asDate(raw.created_at),
    updatedAt: asDate(raw.updated_at),
  };
}

/** A text[] of a raw statement: an array from node-postgres and PGlite alike, else its literal. */
function signalsOf(value: unknown): CheckSignal[] {
  if (Array.isArray(value)) return value as CheckSignal[];
  if (typeof value === 'string' && value.length > 2) {
    return value.slice(1, -1).split(',') as CheckSignal[];
  }
  return [];
}

function rowsOf(result: unknown): RawCheckRow[] {
  return (result as { rows: RawCheckRow[] }).rows;
}

/**
 * The CREATE history entry of the rows of `ins`, for those the row alone cannot describe later:
 * open checks (a self check-out closes them without a history entry) and creates under
 * impersonation (decision 015).
 */
function createHistory(impersonatorId: SQL) {
  return sql`
    insert into check_history (company_id, check_id, action, changed_by, impersonator_id, after)
    select company_id, id, 'CREATE', created_by, ${impersonatorId},
      jsonb_build_object(
        'branchId', branch_id,
        'checkIn', to_char(check_in at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'checkOut', to_char(check_out at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'autoClosed', auto_closed
      )
    from ins
    where ins.check_out is null or ${impersonatorId} is not null`;
}

/** An employee's short name from their row `e` and their person's row `u` (raw statements). */
function employeeNameOf(e: SQL, u: SQL) {
  return sql`trim(concat_ws(' ', nullif(coalesce(${e}.last_name, ${u}.last_name), ''),
    nullif(coalesce(${e}.first_name, ${u}.first_name), '')))`;
}

/** The inserted rows of `ins` with the employee's and the branch's names. */
const namesOfInserted = sql`ins.*, ${employeeNameOf(sql`e`, sql`u`)} as employee_name,
    b.title as branch_title, b.timezone as branch_timezone
  from ins
  join employees e on e.id = ins.employee_id
  join users u on u.id = e.user_id
  join branches b on b.id = ins.branch_id`;

type InsertCheckValues = {
  companyId: number;
  employeeId: number;
  branchId: number;
  checkIn: string;
  checkOut: string | null;
  source: CheckSource;
  autoClosed: boolean;
  inLatitude: number | null;
  inLongitude: number | null;
  inAccuracy: number | null;
  inDistance: number | null;
  device: string;
  signals: string;
  apiKeyId: number | null;
  createdBy: number | null;
  key: string | null;
  hash: string | null;
  activeOnly: boolean;
  impersonatorId: number | null;
};

/**
 * The single create (`insertCheck`), built once (db/named-statement.ts): the per-employee lock,
 * then the employee (with the person's name), the branch and the check in one pass — the names
 * of the answer come from the rows the insert was checked against, not from a second lookup of
 * the same rows after it. Only the columns a new check may have set come back. Two statements:
 * with the CREATE history entry (an open check, or a create under impersonation) and without it
 * (a closed check: the row says it all, decision 015), which then never touches check_history.
 */
function insertCheckStatement(withHistory: boolean) {
  return namedStatement<InsertCheckValues>(
    withHistory ? 'checks_insert_with_history' : 'checks_insert',
    (value) => sql`
    with lock as (
      select pg_advisory_xact_lock(${CHECK_WRITE_LOCK_ID}::int, ${value('employeeId')}::int)
    ), src as (
      select e.company_id, e.id as employee_id, b.id as branch_id,
        ${employeeNameOf(sql`e`, sql`u`)} as employee_name,
        b.title as branch_title, b.timezone as branch_timezone
      from lock
      cross join employees e
      join users u on u.id = e.user_id
      join branches b on b.company_id = e.company_id and b.id = ${value('branchId')}::int
      where e.company_id = ${value('companyId')}::int and e.id = ${value('employeeId')}::int
        and (not ${value('activeOnly')}::boolean or (e.status = 'ACTIVE' and b.active))
    ), ins as (
      insert into checks (
        company_id, employee_id, branch_id, check_in, check_out, source, auto_closed,
        in_latitude, in_longitude, in_accuracy, in_distance, device, signals, api_key_id,
        created_by, updated_by, idempotency_key, idempotency_hash
      )
      select src.company_id, src.employee_id, src.branch_id, ${value('checkIn')}::timestamptz,
        ${value('checkOut')}::timestamptz, ${value('source')}::text, ${value('autoClosed')}::boolean,
        ${value('inLatitude')}::float8, ${value('inLongitude')}::float8,
        ${value('inAccuracy')}::float8, ${value('inDistance')}::float8,
        ${value('device')}::text, string_to_array(${value('signals')}::text, ','),
        ${value('apiKeyId')}::int, ${value('createdBy')}::int,
        ${value('createdBy')}::int, ${value('key')}::text, ${value('hash')}::text
      from src
      returning *
    )${
      withHistory
        ? sql`, history as (
      ${createHistory(sql`${value('impersonatorId')}::int`)}
    )`
        : sql``
    }
    select ins.id, ins.employee_id, ins.branch_id, ins.check_in, ins.check_out, ins.source,
      ins.auto_closed, ins.in_latitude, ins.in_longitude, ins.in_accuracy, ins.in_distance,
      ins.device, ins.signals, ins.created_at, ins.updated_at,
      src.employee_name, src.branch_title, src.branch_timezone
    from ins cross join src`,
  );
}
const insertCheckWithHistory = insertCheckStatement(true);
const insertCheckWithoutHistory = insertCheckStatement(false);

const changer = alias(employees, 'changer');
const changerUser = alias(users, 'changer_user');

export function createChecksRepository(db: DbOrTx) {
  function selectChecks() {
    return db
      .select(checkFields)
      .from(checks)
      .innerJoin(employees, eq(employees.id, checks.employeeId))
      .innerJoin(users, eq(users.id, employees.userId))
      .innerJoin(branches, eq(branches.id, checks.branchId));
  }

  function filterConditions(companyId: number, filter: ChecksFilter): SQL | undefined {
    return and(
      eq(checks.companyId, companyId),
      isNull(checks.deletedAt),
      filter.fromMs === undefined ? undefined : gte(checks.checkIn, new Date(filter.fromMs)),
      filter.toMs === undefined ? undefined : lt(checks.checkIn, new Date(filter.toMs)),
      filter.employeeId === undefined ? undefined : eq(checks.employeeId, filter.employeeId),
      filter.branchId === undefined ? undefined : eq(checks.branchId, filter.branchId),
      filter.departmentId === undefined
        ? undefined
        : eq(employees.departmentId, filter.departmentId),
      filter.open === undefined
        ? undefined
        : filter.open
          ? isNull(checks.checkOut)
          : isNotNull(checks.checkOut),
      filter.scope ? employeeScopeCondition(filter.scope, checks.employeeId) : undefined,
      filter.signals && filter.signals.length > 0
        ? sql`${checks.signals} && ${sql.raw(signalArrayLiteral(filter.signals))}
            and ${checks.signals} <> '{}'::text[]`
        : undefined,
    );
  }

  return {
    /**
     * The kiosk photos still kept of these checks (decision 034): which punch, when taken, when
     * they go. The checks were read within the caller's scope already.
     */
    async findPhotos(companyId: number, checkIds: readonly number[], now: Date) {
      if (checkIds.length === 0) return [];
      return db
        .select({
          checkId: kioskPhotos.checkId,
          direction: kioskPhotos.direction,
          takenAt: kioskPhotos.takenAt,
          expiresAt: kioskPhotoExpiry,
        })
        .from(kioskPhotos)
        .innerJoin(companies, eq(companies.id, kioskPhotos.companyId))
        .where(
          and(
            eq(kioskPhotos.companyId, companyId),
            inArray(kioskPhotos.checkId, [...checkIds]),
            sql`${kioskPhotoExpiry} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(kioskPhotos.takenAt));
    },

    /**
     * One statement: the check (only when the employee and the branch are the company's) with
     * its Idempotency-Key, answering the check with its names. Nothing is written when a
     * reference is missing (no row comes back); an overlap fails on the exclusion constraint and
     * a repeated key on the key's unique index, all or nothing. The row itself records who, how
     * and when it was created (the history derives its CREATE entry from it, decision 015); a
     * CREATE history row is still written for an open check (a self check-out may close it
     * without a history entry, so the row would no longer show how it began) and under
     * impersonation (the row has no column for the impersonator).
     */
    async insertCheck(
      companyId: number,
      values: NewCheck,
      options: {
        /** API keys and terminals: the employee must be active and the branch open. */
        activeOnly: boolean;
        impersonatorId: number | null;
        idempotency: { key: string; requestHash: string } | null;
      },
    ): Promise<CheckRow | undefined> {
      // The same rule as createHistory's: an open check or a create under impersonation.
      const withHistory = values.checkOut === null || options.impersonatorId !== null;
      const statement = withHistory ? insertCheckWithHistory : insertCheckWithoutHistory;
      const result = await statement(db, {
        companyId,
        employeeId: values.employeeId,
        branchId: values.branchId,
        checkIn: values.checkIn.toISOString(),
        checkOut: values.checkOut?.toISOString() ?? null,
        source: values.source,
        autoClosed: values.autoClosed ?? false,
        inLatitude: values.inLatitude ?? null,
        inLongitude: values.inLongitude ?? null,
        inAccuracy: values.inAccuracy ?? null,
        inDistance: values.inDistance ?? null,
        device: values.device,
        signals: (values.signals ?? []).join(','),
        apiKeyId: values.apiKeyId,
        createdBy: values.createdBy,
        key: options.idempotency?.key ?? null,
        hash: options.idempotency?.requestHash ?? null,
        activeOnly: options.activeOnly,
        impersonatorId: options.impersonatorId,
      });
      const raw = rowsOf(result)[0];
      return raw ? fromInserted(raw, companyId) : undefined;
    },

    /**
     * Many checks in one statement (`POST /checks/batch`): the per-employee locks in employee
     * order (two batches never wait for each other crosswise), then every item whose employee and
     * branch are the company's. An item that would overlap or repeat a key is skipped, not
     * failed (`on conflict do nothing` covers the exclusion constraint and the key's unique
     * index), so a refused item costs the others nothing; the caller tells why from what did
     * not come back. The rows come back with their names, each carrying its key.
     */
    async insertChecks(
      companyId: number,
      items: {
        employeeId: number;
        branchId: number;
        checkIn: Date;
        checkOut: Date | null;
        key: string;
        requestHash: string;
      }[],
      values: Pick<NewCheck, 'source' | 'device' | 'apiKeyId' | 'createdBy'>,
      options: { activeOnly: boolean; impersonatorId: number | null },
    ): Promise<(CheckRow & { idempotencyKey: string; idempotencyHash: string })[]> {
      if (items.length === 0) return [];
      const array = (list: unknown[]) => JSON.stringify(list);
      const result = await executeNamed(
        db,
        'checks_insert_batch',
        sql`
        with input as (
          select * from json_to_recordset(${array(
            items.map((item, index) => ({
              n: index,
              employee_id: item.employeeId,
              branch_id: item.branchId,
              check_in: item.checkIn.toISOString(),
              check_out: item.checkOut?.toISOString() ?? null,
              key: item.key,
              hash: item.requestHash,
            })),
          )}::json) as t(n int, employee_id int, branch_id int, check_in timestamptz,
            check_out timestamptz, key text, hash text)
        ), lock as materialized (
          select count(pg_advisory_xact_lock(${CHECK_WRITE_LOCK_ID}, employee_id)) as locks
          from (select distinct employee_id from input order by employee_id) ordered
        ), ins as (
          insert into checks (
            company_id, employee_id, branch_id, check_in, check_out, source, auto_closed,
            device, api_key_id, created_by, updated_by, idempotency_key, idempotency_hash
          )
          select e.company_id, e.id, b.id, i.check_in, i.check_out, ${values.source}, false,
            ${values.device}, ${values.apiKeyId}::int, ${values.createdBy}::int,
            ${values.createdBy}::int, i.key, i.hash
          from lock
          cross join input i
          join employees e on e.id = i.employee_id and e.company_id = ${companyId}
          join branches b on b.company_id = e.company_id and b.id = i.branch_id
          where lock.locks >= 0
            and (not ${options.activeOnly} or (e.status = 'ACTIVE' and b.active))
          order by i.n
          on conflict do nothing
          returning *
        ), history as (
          ${createHistory(sql`${options.impersonatorId}::int`)}
        )
        select ${namesOfInserted}`,
      );
      return rowsOf(result).map((raw) => ({
        ...fromRaw(raw),
        idempotencyKey: String(raw.idempotency_key),
        idempotencyHash: String(raw.idempotency_hash),
      }));
    },

    /** The checks created under these keys (deleted ones too): their id and request hash. */
    async findIdempotencyKeys(companyId: number, keys: string[]) {
      if (keys.length === 0) return [];
      return db
        .select({
          key: checks.idempotencyKey,
          requestHash: checks.idempotencyHash,
          checkId: checks.id,
        })
        .from(checks)
        .where(
          and(eq(checks.companyId, companyId), inArray(checks.idempotencyKey, keys)),
        ) as Promise<{ key: string; requestHash: string; checkId: number }[]>;
    },

    async findIdempotencyKey(companyId: number, key: string) {
      const rows = await db
        .select({ requestHash: checks.idempotencyHash, checkId: checks.id })
        .from(checks)
        .where(and(eq(checks.companyId, companyId), eq(checks.idempotencyKey, key)))
        .limit(1);
      const row = rows[0];
      return row ? { requestHash: row.requestHash ?? '', checkId: row.checkId } : undefined;
    },

    /**
     * Which of these employees of the company are in the caller's scope (decision 016): checked
     * before a limited manager's create, whose insert statements are prepared once for everyone.
     */
    async findEmployeeIdsInScope(
      companyId: number,
      scope: EmployeeScope,
      employeeIds: number[],
    ): Promise<Set<number>> {
      if (employeeIds.length === 0) return new Set();
      const rows = await db
        .select({ id: employees.id })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            inIds(employees.id, employeeIds),
            employeeScopeCondition(scope),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },

    /** Employees and branches of the company among the given ids: why batch items wrote nothing. */
    async findReferenceSets(companyId: number, employeeIds: number[], branchIds: number[]) {
      const [employeeRows, branchRows] = await Promise.all([
        employeeIds.length === 0
          ? []
          : db
              .select({ id: employees.id, status: employees.status })
              .from(employees)
              .where(and(eq(employees.companyId, companyId), inIds(employees.id, employeeIds))),
        branchIds.length === 0
          ? []
          : db
              .select({ id: branches.id, active: branches.active })
              .from(branches)
              .where(and(eq(branches.companyId, companyId), inIds(branches.id, branchIds))),
      ]);
      return {
        employees: new Map(employeeRows.map((row) => [row.id, row])),
        branches: new Map(branchRows.map((row) => [row.id, row])),
      };
    },

    /** Checks by id with their names, deleted ones too (the answers of replayed keys). */
    async findChecksByIds(companyId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return (await selectChecks().where(
        and(eq(checks.companyId, companyId), inIds(checks.id, ids)),
      )) as CheckRow[];
    },

    /** How a check began, for the history's CREATE entry when no CREATE row was written. */
    async findCreation(companyId: number, checkId: number) {
      const rows = await db
        .select({
          createdAt: checks.createdAt,
          changedByName: sql<
            string | null
          >`coalesce(nullif(${memberShortNameOf(changer, changerUser)}, ''), ${changerUser.email})`,
        })
        .from(checks)
        .leftJoin(changer, eq(changer.id, checks.createdBy))
        .leftJoin(changerUser, eq(changerUser.id, changer.userId))
        .where(and(eq(checks.companyId, companyId), eq(checks.id, checkId)))
        .limit(1);
      return rows[0];
    },

    /** Why a create wrote nothing: which reference is not the company's, or not active. */
    async findReferences(companyId: number, employeeId: number, branchId: number) {
      const [employee, branch] = await Promise.all([
        db
          .select({ status: employees.status })
          .from(employees)
          .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
          .limit(1),
        db
          .select({ active: branches.active })
          .from(branches)
          .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
          .limit(1),
      ]);
      return { employee: employee[0], branch: branch[0] };
    },

    async findCheck(
      companyId: number,
      checkId: number,
      options: { withDeleted?: boolean; scope?: EmployeeScope } = {},
    ) {
      const rows = await selectChecks()
        .where(
          and(
            eq(checks.companyId, companyId),
            eq(checks.id, checkId),
            options.withDeleted ? undefined : isNull(checks.deletedAt),
            options.scope ? employeeScopeCondition(options.scope, checks.employeeId) : undefined,
          ),
        )
        .limit(1);
      return rows[0] as CheckRow | undefined;
    },

    /** Locks the live check until the transaction ends. */
    async lockCheck(companyId: number, checkId: number, scope?: EmployeeScope) {
      const rows = await db
        .select({ id: checks.id })
        .from(checks)
        .where(
          and(
            eq(checks.companyId, companyId),
            eq(checks.id, checkId),
            isNull(checks.deletedAt),
            scope ? employeeScopeCondition(scope, checks.employeeId) : undefined,
          ),
        )
        .for('update');
      return rows[0];
    },

    async findChecks(
      companyId: number,
      filter: ChecksFilter,
      page: { limit: number; offset: number } | null,
    ): Promise<{ items: CheckRow[]; total: number }> {
      const where = filterConditions(companyId, filter);
      const query = selectChecks().where(where).orderBy(desc(checks.checkIn), desc(checks.id));
      if (!page) {
        const items = (await query) as CheckRow[];
        return { items, total: items.length };
      }
      const [items, totals] = await Promise.all([
        query.limit(page.limit).offset(page.offset),
        db
          .select({ value: count() })
          .from(checks)
          .innerJoin(employees, eq(employees.id, checks.employeeId))
          .where(where),
      ]);
      return { items: items as CheckRow[], total: totals[0]?.value ?? 0 };
    },

    async updateCheck(
      companyId: number,
      checkId: number,
      values: Partial<
        Pick<
          typeof checks.$inferInsert,
          | 'branchId'
          | 'checkIn'
          | 'checkOut'
          | 'autoClosed'
          | 'outLatitude'
          | 'outLongitude'
          | 'outAccuracy'
          | 'outDistance'
          | 'deletedAt'
        >
      >,
      updatedBy: number | null,
    ) {
      await db
        .update(checks)
        .set({ ...values, updatedBy, updatedAt: sql`now()` })
        .where(and(eq(checks.companyId, companyId), eq(checks.id, checkId)));
    },

    /** Closes the check only if it is still open and live: a concurrent check-out wins. */
    async closeOpenCheck(
      companyId: number,
      checkId: number,
      checkOut: Date,
      values: { autoClosed: boolean; updatedBy: number | null } & Partial<
        Pick<
          typeof checks.$inferInsert,
          'outLatitude' | 'outLongitude' | 'outAccuracy' | 'outDistance'
        >
      > & {
          /** The check-out's signals, added to the check-in's (decision 033). */
          addSignals?: CheckSignal[];
        },
    ): Promise<boolean> {
      const { addSignals, ...set } = values;
      const rows = await db
        .update(checks)
        .set({
          ...set,
          checkOut,
          updatedAt: sql`now()`,
          ...(addSignals && addSignals.length > 0
            ? {
                signals: sql`array(select distinct unnest(${checks.signals} || ${sql.raw(
                  signalArrayLiteral(addSignals),
                )}) order by 1)`,
              }
            : {}),
        })
        .where(
          and(
            eq(checks.companyId, companyId),
            eq(checks.id, checkId),
            isNull(checks.checkOut),
            isNull(checks.deletedAt),
          ),
        )
        .returning({ id: checks.id });
      return rows.length > 0;
    },

    /** A self check the server refused, for the deviations inbox (decision 024). */
    async insertRefusal(
      companyId: number,
      refusal: Omit<typeof checkRefusals.$inferInsert, 'id' | 'companyId'>,
    ) {
      await db.insert(checkRefusals).values({ ...refusal, companyId });
    },

    /** Several refusals in one statement (a terminal's batch). */
    async insertRefusals(
      companyId: number,
      refusals: Omit<typeof checkRefusals.$inferInsert, 'id' | 'companyId'>[],
    ) {
      if (refusals.length === 0) return;
      await db.insert(checkRefusals).values(refusals.map((refusal) => ({ ...refusal, companyId })));
    },

    async insertHistory(
      companyId: number,
      entry: {
        checkId: number;
        action: HistoryAction;
        changedBy: number | null;
        impersonatorId: number | null;
        reason: string;
        before: unknown;
        after: unknown;
      },
    ) {
      await db.insert(checkHistory).values({ ...entry, companyId });
    },

    async findHistory(companyId: number, checkId: number) {
      return db
        .select({
          id: checkHistory.id,
          action: checkHistory.action,
          changedByName: sql<
            string | null
          >`coalesce(nullif(${memberShortNameOf(changer, changerUser)}, ''), ${changerUser.email})`,
          reason: checkHistory.reason,
          before: checkHistory.before,
          after: checkHistory.after,
          createdAt: checkHistory.createdAt,
        })
        .from(checkHistory)
        .leftJoin(changer, eq(changer.id, checkHistory.changedBy))
        .leftJoin(changerUser, eq(changerUser.id, changer.userId))
        .where(and(eq(checkHistory.companyId, companyId), eq(checkHistory.checkId, checkId)))
        .orderBy(asc(checkHistory.createdAt), asc(checkHistory.id));
    },

    /**
     * What the signals of a punch need (decision 033), in one statement: the employee's latest
     * live check (the open one when closing) with its branch's point, whether the employee has
     * any check, and whether one was made from `device`.
     */
    async findSignalFacts(
      companyId: number,
      employeeId: number,
      device: string | null,
      branchId: number,
    ) {
      const result = await db.execute(sql`
        select
          (select array[latitude, longitude] from branches
            where id = ${branchId} and company_id = ${companyId}) as punch_branch,
          exists(select 1 from checks c where c.employee_id = ${employeeId}
            and c.deleted_at is null) as any_check,
          ${
            device === null
              ? sql`false`
              : sql`exists(select 1 from checks c where c.employee_id = ${employeeId}
            and c.deleted_at is null and c.device = ${device})`
          } as device_seen,
          last.*
        from (select 1) one
        left join lateral (
          select c.id, c.branch_id, c.source, c.check_in, c.check_out, c.auto_closed,
            c.in_latitude, c.in_longitude, c.out_latitude, c.out_longitude,
            b.latitude as branch_latitude, b.longitude as branch_longitude
          from checks c join branches b on b.id = c.branch_id
          where c.company_id = ${companyId} and c.employee_id = ${employeeId}
            and c.deleted_at is null
          order by c.check_in desc
          limit 1
        ) last on true`);
      const raw = rowsOf(result)[0]!;
      const point = (lat: unknown, lon: unknown) =>
        lat === null || lon === null ? null : { latitude: Number(lat), longitude: Number(lon) };
      const punchBranch = Array.isArray(raw.punch_branch)
        ? { latitude: Number(raw.punch_branch[0]), longitude: Number(raw.punch_branch[1]) }
        : null;
      return {
        punchBranch,
        anyCheck: Boolean(raw.any_check),
        deviceSeen: Boolean(raw.device_seen),
        last:
          raw.id === null || raw.id === undefined
            ? undefined
            : {
                branchId: Number(raw.branch_id),
                source: String(raw.source),
                checkInMs: asDate(raw.check_in).getTime(),
                checkOutMs: raw.check_out === null ? null : asDate(raw.check_out).getTime(),
                autoClosed: Boolean(raw.auto_closed),
                in: point(raw.in_latitude, raw.in_longitude),
                out: point(raw.out_latitude, raw.out_longitude),
                branch: point(raw.branch_latitude, raw.branch_longitude)!,
              },
      };
    },

    /** The employee's live open check (at most one: the exclusion constraint sees to it). */
    async findOpenCheck(companyId: number, employeeId: number) {
      const rows = await selectChecks()
        .where(
          and(
            eq(checks.companyId, companyId),
            eq(checks.employeeId, employeeId),
            isNull(checks.checkOut),
            isNull(checks.deletedAt),
          ),
        )
        .orderBy(desc(checks.checkIn))
        .limit(1);
      return rows[0] as CheckRow | undefined;
    },

    /** Where the employee may check in: their active branches, else every active branch. */
    async findSelfBranches(companyId: number, employeeId: number) {
      const fields = {
        id: branches.id,
        title: branches.title,
        latitude: branches.latitude,
        longitude: branches.longitude,
        radius: branches.radius,
        timezone: branches.timezone,
      };
      const own = await db
        .select(fields)
        .from(employeeBranches)
        .innerJoin(
          branches,
          and(
            eq(branches.id, employeeBranches.branchId),
            eq(branches.companyId, employeeBranches.companyId),
          ),
        )
        .where(
          and(
            eq(employeeBranches.companyId, companyId),
            eq(employeeBranches.employeeId, employeeId),
          ),
        );
      if (own.length > 0) return own;
      return db
        .select(fields)
        .from(branches)
        .where(and(eq(branches.companyId, companyId), eq(branches.active, true)))
        .orderBy(asc(branches.id));
    },

    async findBranchGeo(companyId: number, branchId: number) {
      const rows = await db
        .select({
          id: branches.id,
          title: branches.title,
          latitude: branches.latitude,
          longitude: branches.longitude,
          radius: branches.radius,
          timezone: branches.timezone,
        })
        .from(branches)
        .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
        .limit(1);
      return rows[0];
    },

    async findCompanySettings(companyId: number) {
      const rows = await db
        .select({
          timezone: companies.timezone,
          lateToleranceMinutes: companies.lateToleranceMinutes,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return rows[0];
    },

    // ---------- punches ----------

    /**
     * Serialises writes of one employee's checks until the transaction ends (the create
     * statement takes the same lock): conflicting inserts then fail on the exclusion
     * constraint one after another instead of deadlocking while each waits for the other.
     */
    async lockEmployeeChecks(employeeId: number) {
      await db.execute(
        sql`select pg_advisory_xact_lock(${CHECK_WRITE_LOCK_ID}, ${employeeId}::int)`,
      );
    },

    async findPunchEmployee(
      companyId: number,
      by: { employeeId?: number | undefined; personnelNumber?: string | undefined },
    ) {
      const rows = await db
        .select({ id: employees.id, status: employees.status })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            by.employeeId !== undefined
              ? eq(employees.id, by.employeeId)
              : eq(employees.personnelNumber, by.personnelNumber ?? ''),
          ),
        )
        .orderBy(sql`${employees.status} <> 'ACTIVE'`, asc(employees.id))
        .limit(1);
      return rows[0];
    },

    async findBranchState(companyId: number, branchId: number) {
      const rows = await db
        .select({ active: branches.active })
        .from(branches)
        .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
        .limit(1);
      return rows[0];
    },

    /** Records the device event; false when the device sent it before. */
    async insertPunch(
      companyId: number,
      values: {
        deviceEventId: string;
        employeeId: number;
        branchId: number;
        at: Date;
        apiKeyId: number | null;
      },
    ): Promise<boolean> {
      const rows = await db
        .insert(devicePunches)
        .values({ ...values, companyId })
        .onConflictDoNothing()
        .returning({ id: devicePunches.id });
      return rows.length > 0;
    },

    async findPunchByEvent(companyId: number, deviceEventId: string) {
      const rows = await db
        .select({ employeeId: devicePunches.employeeId, at: devicePunches.at })
        .from(devicePunches)
        .where(
          and(
            eq(devicePunches.companyId, companyId),
            eq(devicePunches.deviceEventId, deviceEventId),
          ),
        )
        .limit(1);
      return rows[0];
    },

    async findPunchesSince(companyId: number, employeeId: number, since: Date) {
      return db
        .select({ at: devicePunches.at, branchId: devicePunches.branchId })
        .from(devicePunches)
        .where(
          and(
            eq(devicePunches.companyId, companyId),
            eq(devicePunches.employeeId, employeeId),
            gte(devicePunches.at, since),
          ),
        )
        .orderBy(asc(devicePunches.at));
    },

    /** The live terminal check a punch at `at` re-pairs from: the latest one begun by then. */
    async findTerminalCheckBefore(companyId: number, employeeId: number, at: Date) {
      const rows = await db
        .select({ checkIn: checks.checkIn, checkOut: checks.checkOut })
        .from(checks)
        .where(
          and(
            eq(checks.companyId, companyId),
            eq(checks.employeeId, employeeId),
            eq(checks.source, 'TERMINAL'),
            isNull(checks.deletedAt),
            sql`${checks.checkIn} <= ${at}`,
          ),
        )
        .orderBy(desc(checks.checkIn))
        .limit(1);
      return rows[0];
    },

    async findTerminalChecksSince(companyId: number, employeeId: number, since: Date) {
      return db
        .select({
          id: checks.id,
          branchId: checks.branchId,
          checkIn: checks.checkIn,
          checkOut: checks.checkOut,
          autoClosed: checks.autoClosed,
        })
        .from(checks)
        .where(
          and(
            eq(checks.companyId, companyId),
            eq(checks.employeeId, employeeId),
            eq(checks.source, 'TERMINAL'),
            isNull(checks.deletedAt),
            gte(checks.checkIn, since),
          ),
        )
        .orderBy(asc(checks.checkIn));
    },

    async findCheckAt(companyId: number, employeeId: number, at: Date) {
      const rows = await selectChecks()
        .where(
          and(
            eq(checks.companyId, companyId),
            eq(checks.employeeId, employeeId),
            isNull(checks.deletedAt),
            sql`${checks.checkIn} <= ${at}`,
            sql`(${checks.checkOut} is null or ${checks.checkOut} >= ${at})`,
          ),
        )
        .orderBy(desc(checks.checkIn))
        .limit(1);
      return rows[0] as CheckRow | undefined;
    },

    // ---------- auto-close ----------

    /**
     * Open checks of every company begun more than the company's auto-close margin before `now`
     * (a check begun later cannot be due: its shift ends after it began), oldest first.
     */
    async findOpenChecksPastMargin(now: Date, limit: number) {
      return db
        .select({
          id: checks.id,
          companyId: checks.companyId,
          employeeId: checks.employeeId,
          checkIn: checks.checkIn,
          branchId: checks.branchId,
        })
        .from(checks)
        .innerJoin(companies, eq(companies.id, checks.companyId))
        .where(
          and(
            isNull(checks.checkOut),
            isNull(checks.deletedAt),
            sql`${checks.checkIn} < ${now}::timestamptz - ${companies.autoCloseMarginMinutes} * interval '1 minute'`,
          ),
        )
        .orderBy(asc(checks.checkIn))
        .limit(limit);
    },

    async findCompanyAutoCloseSettings(companyIds: number[]) {
      if (companyIds.length === 0) return [];
      return db
        .select({
          id: companies.id,
          timezone: companies.timezone,
          marginMinutes: companies.autoCloseMarginMinutes,
        })
        .from(companies)
        .where(inIds(companies.id, companyIds));
    },
  };
}

export type ChecksRepository = ReturnType<typeof createChecksRepository>;
export type HistoryRow = Awaited<ReturnType<ChecksRepository['findHistory']>>[number];
