import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  companies,
  companyInvitations,
  countries,
  departments,
  employeeBranches,
  employees,
  positions,
  users,
} from '../../db/schema/index.ts';

/** Rows per multi-row INSERT: well under PostgreSQL's 65,535 parameters per statement. */
const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size)
    result.push(items.slice(index, index + size));
  return result;
}

export type StructureUnit = { id: number; title: string };
export type StructureKind = 'branches' | 'departments' | 'positions';

/** An employee of the company the file may update, with what the import compares. */
export type ExistingMember = {
  id: number;
  userId: number;
  status: 'ACTIVE' | 'DISMISSED' | 'DEACTIVATED';
  role: 'ADMIN' | 'MANAGER' | 'EMPLOYEE';
  departmentId: number | null;
  positionId: number | null;
  personnelNumber: string | null;
  hireDate: string | null;
  overrideFirstName: string | null;
  overrideLastName: string | null;
  overrideMiddleName: string | null;
  accountFirstName: string;
  accountLastName: string;
  accountMiddleName: string;
  email: string;
  phone: string;
  createdByCompanyId: number | null;
  lastLoginAt: Date | null;
  branchIds: number[];
};

/** A live account with this email or phone, and its membership in the company, if any. */
export type KnownUser = {
  id: number;
  email: string;
  phone: string;
  isSuperAdmin: boolean;
  memberStatus: 'ACTIVE' | 'DISMISSED' | 'DEACTIVATED' | null;
};

export type NewMember = {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  middleName: string;
  departmentId: number | null;
  positionId: number | null;
  personnelNumber: string | null;
  hireDate: string | null;
  branchIds: number[];
};

export type MemberUpdate = {
  id: number;
  userId: number;
  /** Written to the membership (null: as in the account). */
  overrideFirstName: string | null;
  overrideLastName: string | null;
  overrideMiddleName: string | null;
  departmentId: number | null;
  positionId: number | null;
  personnelNumber: string | null;
  hireDate: string | null;
  /** Null: the branches stay as they are. */
  branchIds: number[] | null;
  /** Written to the account, only while the company may edit it (decision 009). */
  account: {
    firstName: string;
    lastName: string;
    middleName: string;
    email: string;
    phone: string;
  } | null;
};

const structureTables = { branches, departments, positions } as const;

export function createEmployeeImportRepository(db: DbOrTx) {
  return {
    async findCompany(companyId: number) {
      const rows = await db
        .select({
          id: companies.id,
          title: companies.title,
          userLimit: companies.userLimit,
          timezone: companies.timezone,
          countryCode: companies.countryCode,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return rows[0];
    },

    /** The phone code of the company's country (`+7`), null when it has none. */
    async findPhoneCode(companyId: number): Promise<string | null> {
      const rows = await db
        .select({ phoneCode: countries.phoneCode })
        .from(companies)
        .innerJoin(countries, eq(countries.code, companies.countryCode))
        .where(eq(companies.id, companyId))
        .limit(1);
      return rows[0]?.phoneCode ?? null;
    },

    async findStructure(companyId: number): Promise<Record<StructureKind, StructureUnit[]>> {
      const result = {} as Record<StructureKind, StructureUnit[]>;
      // One after the other: inside a transaction the queries share one connection.
      for (const kind of ['branches', 'departments', 'positions'] as const) {
        const table = structureTables[kind];
        result[kind] = await db
          .select({ id: table.id, title: table.title })
          .from(table)
          .where(eq(table.companyId, companyId))
          .orderBy(table.id);
      }
      return result;
    },

    /** Members of the company holding one of these emails or personnel numbers. */
    async findMembers(
      companyId: number,
      keys: { emails: string[]; personnelNumbers: string[] },
    ): Promise<ExistingMember[]> {
      const matches: SQL[] = [];
      if (keys.emails.length > 0) matches.push(inArray(users.email, keys.emails));
      if (keys.personnelNumbers.length > 0)
        matches.push(inArray(employees.personnelNumber, keys.personnelNumbers));
      if (matches.length === 0) return [];
      const rows = await db
        .select({
          id: employees.id,
          userId: employees.userId,
          status: employees.status,
          role: employees.role,
          departmentId: employees.departmentId,
          positionId: employees.positionId,
          personnelNumber: employees.personnelNumber,
          hireDate: employees.hireDate,
          overrideFirstName: employees.firstName,
          overrideLastName: employees.lastName,
          overrideMiddleName: employees.middleName,
          accountFirstName: users.firstName,
          accountLastName: users.lastName,
          accountMiddleName: users.middleName,
          email: users.email,
          phone: users.phone,
          createdByCompanyId: users.createdByCompanyId,
          lastLoginAt: users.lastLoginAt,
          branchIds: sql<
            number[]
          >`coalesce((select array_agg(${employeeBranches.branchId} order by ${employeeBranches.branchId}) from ${employeeBranches} where ${employeeBranches.companyId} = ${companyId} and ${employeeBranches.employeeId} = ${employees.id}), '{}')`,
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(and(eq(employees.companyId, companyId), or(...matches)));
      return rows.map((row) => ({ ...row, branchIds: (row.branchIds ?? []).map(Number) }));
    },

    /** Live accounts holding one of these emails or phones, with their membership here. */
    async findUsers(
      companyId: number,
      keys: { emails: string[]; phones: string[] },
    ): Promise<KnownUser[]> {
      const matches: SQL[] = [];
      if (keys.emails.length > 0) matches.push(inArray(users.email, keys.emails));
      if (keys.phones.length > 0) matches.push(inArray(users.phone, keys.phones));
      if (matches.length === 0) return [];
      return db
        .select({
          id: users.id,
          email: users.email,
          phone: users.phone,
          isSuperAdmin: users.isSuperAdmin,
          memberStatus: employees.status,
        })
        .from(users)
        .leftJoin(
          employees,
          and(eq(employees.userId, users.id), eq(employees.companyId, companyId)),
        )
        .where(and(ne(users.status, 'DELETED'), or(...matches)));
    },

    /** Which of these accounts already have an invitation of the company waiting for an answer. */
    async findPendingInvitees(companyId: number, userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ userId: companyInvitations.userId })
        .from(companyInvitations)
        .where(
          and(
            eq(companyInvitations.companyId, companyId),
            eq(companyInvitations.status, 'PENDING'),
            inArray(companyInvitations.userId, userIds),
          ),
        );
      return new Set(rows.map((row) => row.userId));
    },

    /** Creates structure units by title (branches inactive, see decision 018). */
    async insertStructure(
      companyId: number,
      kind: StructureKind,
      titles: string[],
      timezone: string,
    ): Promise<StructureUnit[]> {
      if (titles.length === 0) return [];
      if (kind === 'branches') {
        return db
          .insert(branches)
          .values(
            titles.map((title) => ({
              companyId,
              title,
              latitude: 0,
              longitude: 0,
              timezone,
              active: false,
            })),
          )
          .returning({ id: branches.id, title: branches.title });
      }
      const table = structureTables[kind];
      return db
        .insert(table)
        .values(titles.map((title) => ({ companyId, title })))
        .returning({ id: table.id, title: table.title });
    },

    /** New accounts and their memberships, a few statements per 500 people. */
    async insertMembers(
      companyId: number,
      members: NewMember[],
      account: { passwordHash: string; countryCode: string | null },
    ): Promise<number> {
      let inserted = 0;
      for (const part of chunks(members)) {
        const userRows = await db
          .insert(users)
          .values(
            part.map((member) => ({
              email: member.email,
              phone: member.phone,
              passwordHash: account.passwordHash,
              firstName: member.firstName,
              lastName: member.lastName,
              middleName: member.middleName,
              countryCode: account.countryCode,
              createdByCompanyId: companyId,
            })),
          )
          .returning({ id: users.id, email: users.email });
        const userIdByEmail = new Map(userRows.map((row) => [row.email, row.id]));
        const employeeRows = await db
          .insert(employees)
          .values(
            part.map((member) => ({
              companyId,
              userId: userIdByEmail.get(member.email)!,
              role: 'EMPLOYEE' as const,
              departmentId: member.departmentId,
              positionId: member.positionId,
              personnelNumber: member.personnelNumber,
              hireDate: member.hireDate,
            })),
          )
          .returning({ id: employees.id, userId: employees.userId });
        const employeeIdByUser = new Map(employeeRows.map((row) => [row.userId, row.id]));
        const links = part.flatMap((member) => {
          const employeeId = employeeIdByUser.get(userIdByEmail.get(member.email)!)!;
          return member.branchIds.map((branchId) => ({ companyId, employeeId, branchId }));
        });
        for (const linkPart of chunks(links, 2000)) {
          await db.insert(employeeBranches).values(linkPart);
        }
        inserted += employeeRows.length;
      }
      return inserted;
    },

    /** Updates memberships (and editable accounts) with one statement per table and 500 rows. */
    async updateMembers(companyId: number, updates: MemberUpdate[]): Promise<void> {
      for (const part of chunks(updates)) {
        const values = sql.join(
          part.map(
            (row) =>
              sql`(${row.id}::int, ${row.overrideFirstName}::text, ${row.overrideLastName}::text, ${row.overrideMiddleName}::text, ${row.departmentId}::int, ${row.positionId}::int, ${row.personnelNumber}::text, ${row.hireDate}::date)`,
          ),
          sql`, `,
        );
        await db.execute(sql`
          update ${employees} set
            first_name = v.first_name, last_name = v.last_name, middle_name = v.middle_name,
            department_id = v.department_id, position_id = v.position_id,
            personnel_number = v.personnel_number, hire_date = v.hire_date, updated_at = now()
          from (values ${values}) as v(id, first_name, last_name, middle_name, department_id, position_id, personnel_number, hire_date)
          where ${employees.id} = v.id and ${employees.companyId} = ${companyId}`);

        const accounts = part.filter((row) => row.account !== null);
        if (accounts.length > 0) {
          const accountValues = sql.join(
            accounts.map(
              (row) =>
                sql`(${row.userId}::int, ${row.account!.firstName}::text, ${row.account!.lastName}::text, ${row.account!.middleName}::text, ${row.account!.email}::text, ${row.account!.phone}::text)`,
            ),
            sql`, `,
          );
          // Only accounts this company created and nobody has logged into (decision 009).
          await db.execute(sql`
            update ${users} set
              first_name = v.first_name, last_name = v.last_name, middle_name = v.middle_name,
              email = v.email, phone = v.phone, updated_at = now()
            from (values ${accountValues}) as v(id, first_name, last_name, middle_name, email, phone)
            where ${users.id} = v.id and ${users.createdByCompanyId} = ${companyId}
              and ${users.lastLoginAt} is null`);
        }

        const moved = part.filter((row) => row.branchIds !== null);
        if (moved.length > 0) {
          await db.delete(employeeBranches).where(
            and(
              eq(employeeBranches.companyId, companyId),
              inArray(
                employeeBranches.employeeId,
                moved.map((row) => row.id),
              ),
            ),
          );
          const links = moved.flatMap((row) =>
            row.branchIds!.map((branchId) => ({ companyId, employeeId: row.id, branchId })),
          );
          for (const linkPart of chunks(links, 2000)) {
            await db.insert(employeeBranches).values(linkPart);
          }
        }
      }
    },
  };
}

export type EmployeeImportRepository = ReturnType<typeof createEmployeeImportRepository>;
