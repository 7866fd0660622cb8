import type {
  AdminCompany,
  AuditEntry,
  AuditPerson,
  CreateAdminCompanyInputSchema,
  ListAdminCompaniesQuery,
  ListAuditQuery,
  Page,
  UpdateAdminCompanyInputSchema,
} from '@smena/contract';
import { addDays, localDateOf, wallTimeToMs } from '@smena/time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { pageResult } from '../../lib/pagination.ts';
import { createAuditRepository } from '../audit/index.ts';
import type { AuthService } from '../auth/index.ts';
import {
  createAdminCompaniesRepository,
  type AdminCompanyAdminRow,
  type AdminCompanyRow,
  type AuditRow,
  type CompanyValues,
} from './admin-companies.repository.ts';

type CreateCompanyValues = z.output<typeof CreateAdminCompanyInputSchema>;
type UpdateCompanyValues = z.output<typeof UpdateAdminCompanyInputSchema>;

const companyNotFound = () => AppError.notFound('Компания не найдена');

/** «Фамилия Имя Отчество», or null when the person gave no name. */
function joinName(parts: (string | null)[]): string | null {
  const name = parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/** A paid period ends when the day after its last day begins, in the company's timezone. */
export function paidUntilInstant(lastDay: string, timezone: string): Date {
  return new Date(wallTimeToMs(addDays(lastDay, 1), '00:00', timezone));
}

/** The last paid day in the company's timezone (the instant itself belongs to the next day). */
export function paidUntilDay(paidUntil: Date, timezone: string): string {
  const ms = paidUntil.getTime() - 1;
  try {
    return localDateOf(ms, timezone);
  } catch {
    return localDateOf(ms, 'UTC');
  }
}

function toAdminCompany(
  row: AdminCompanyRow,
  admin: AdminCompanyAdminRow | undefined,
): AdminCompany {
  return {
    id: row.id,
    title: row.title,
    email: row.email,
    phone: row.phone,
    country: row.countryCode,
    countryName: row.countryName,
    timezone: row.timezone,
    status: row.status,
    userLimit: row.userLimit,
    paidUntil: row.paidUntil ? row.paidUntil.toISOString() : null,
    paidUntilDate: row.paidUntil ? paidUntilDay(row.paidUntil, row.timezone) : null,
    isTrial: row.isTrial,
    planState: row.planState,
    activeEmployeeCount: row.activeEmployeeCount,
    createdAt: row.createdAt.toISOString(),
    admin: admin
      ? {
          userId: admin.userId,
          fullName: joinName([admin.lastName, admin.firstName, admin.middleName]) ?? admin.email,
          email: admin.email,
          phone: admin.phone,
        }
      : null,
  };
}

function personOf(
  id: number | null,
  parts: (string | null)[],
  email: string | null,
): AuditPerson | null {
  if (id === null) return null;
  return { id, fullName: joinName(parts) ?? email, email };
}

function toAuditEntry(row: AuditRow): AuditEntry {
  const details = row.details;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    details:
      details && typeof details === 'object' && !Array.isArray(details)
        ? (details as Record<string, unknown>)
        : null,
    user: personOf(
      row.userId,
      [row.userLastName, row.userFirstName, row.userMiddleName],
      row.userEmail,
    ),
    impersonator: personOf(
      row.impersonatorId,
      [row.impersonatorLastName, row.impersonatorFirstName, row.impersonatorMiddleName],
      row.impersonatorEmail,
    ),
  };
}

const FIELD_NAMES: Record<string, string> = { countryCode: 'country' };

/** The keys of `values` that differ from the stored company, named as in the contract. */
function changedFields(current: Record<string, unknown>, values: CompanyValues): string[] {
  return Object.entries(values)
    .filter(([key, value]) => {
      const before = current[key];
      if (value instanceof Date || before instanceof Date) {
        return (value as Date | null)?.getTime() !== (before as Date | null)?.getTime();
      }
      return value !== before;
    })
    .map(([key]) => FIELD_NAMES[key] ?? key);
}

export type AdminCompaniesService = ReturnType<typeof createAdminCompaniesService>;

/** The super admin's companies: list, create, edit, block, and each company's audit log. */
export function createAdminCompaniesService(deps: {
  db: Db;
  authService: AuthService;
  /** Around a block or unblock: every instance's API-key cache forgets the company. */
  beginAccessChange?: (companyId: number) => (changed: boolean) => Promise<void>;
}) {
  const { db, authService } = deps;
  const repository = createAdminCompaniesRepository(db);

  async function getCompany(companyId: number): Promise<AdminCompany> {
    const row = await repository.findCompany(companyId);
    if (!row) throw companyNotFound();
    const [admin] = await repository.findAdmins([companyId]);
    return toAdminCompany(row, admin);
  }

  async function assertCountry(repo: typeof repository, code: string | undefined) {
    if (code !== undefined && !(await repo.countryExists(code))) {
      throw AppError.validation('country', 'Выберите страну из списка');
    }
  }

  async function setStatus(auth: AuthContext, companyId: number, status: 'ACTIVE' | 'BLOCKED') {
    const settleKeys = deps.beginAccessChange?.(companyId);
    let changed = false;
    try {
      changed = await db.transaction(async (tx) => {
        const repo = createAdminCompaniesRepository(tx);
        const current = await repo.lockCompany(companyId);
        if (!current) throw companyNotFound();
        if (current.status === status) return false;
        // Sessions stay: every request checks the company's status, so access stops (and comes
        // back on unblocking) at once.
        await repo.updateCompany(companyId, { status });
        await createAuditRepository(tx).record({
          companyId,
          userId: auth.userId,
          impersonatorId: null,
          action: status === 'BLOCKED' ? 'COMPANY_BLOCK' : 'COMPANY_UNBLOCK',
          entity: 'company',
          entityId: String(companyId),
        });
        return true;
      });
    } finally {
      // API keys are cached; a trigger's notification on commit reaches every instance.
      await settleKeys?.(changed);
    }
    return getCompany(companyId);
  }

  return {
    getCompany,

    async listCompanies(query: ListAdminCompaniesQuery): Promise<Page<AdminCompany>> {
      const { items, total } = await repository.findCompanies(query);
      const admins = await repository.findAdmins(items.map((item) => item.id));
      const adminOf = new Map(admins.map((admin) => [admin.companyId, admin]));
      return pageResult(
        items.map((item) => toAdminCompany(item, adminOf.get(item.id))),
        total,
        query,
      );
    },

    /** The company, its first ADMIN and their membership — the registration's own code path. */
    async createCompany(auth: AuthContext, input: CreateCompanyValues): Promise<AdminCompany> {
      const { companyId } = await authService.createCompanyAccount(auth, {
        ...input,
        paidUntil:
          input.paidUntil === undefined
            ? undefined
            : input.paidUntil === null
              ? null
              : paidUntilInstant(input.paidUntil, input.timezone),
      });
      return getCompany(companyId);
    },

    async updateCompany(
      auth: AuthContext,
      companyId: number,
      input: UpdateCompanyValues,
    ): Promise<AdminCompany> {
      await db.transaction(async (tx) => {
        const repo = createAdminCompaniesRepository(tx);
        const current = await repo.lockCompany(companyId);
        if (!current) throw companyNotFound();
        await assertCountry(repo, input.country);
        const { country, paidUntil, ...rest } = input;
        const values: CompanyValues = { ...rest };
        if (country !== undefined) values.countryCode = country;
        if (paidUntil !== undefined) {
          values.paidUntil =
            paidUntil === null
              ? null
              : paidUntilInstant(paidUntil, input.timezone ?? current.timezone);
        }
        // The audit log names the fields that really changed (by the contract's names).
        const changed = changedFields(current, values);
        if (changed.length === 0) return;
        await repo.updateCompany(companyId, values);
        await createAuditRepository(tx).record({
          companyId,
          userId: auth.userId,
          impersonatorId: null,
          action: 'COMPANY_UPDATE',
          entity: 'company',
          entityId: String(companyId),
          details: { fields: changed },
        });
      });
      return getCompany(companyId);
    },

    blockCompany: (auth: AuthContext, companyId: number) => setStatus(auth, companyId, 'BLOCKED'),
    unblockCompany: (auth: AuthContext, companyId: number) => setStatus(auth, companyId, 'ACTIVE'),

    async listAudit(companyId: number, query: ListAuditQuery): Promise<Page<AuditEntry>> {
      if (!(await repository.companyExists(companyId))) throw companyNotFound();
      const { items, total } = await repository.findAudit(companyId, query);
      return pageResult(items.map(toAuditEntry), total, query);
    },
  };
}
