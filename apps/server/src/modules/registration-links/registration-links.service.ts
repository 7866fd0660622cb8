import {
  ErrorCode,
  Role,
  TRIAL_USER_LIMIT,
  type CreateCompanyLinkInputSchema,
  type CreateEmployeeLinkInputSchema,
  type ListRegistrationLinksQuerySchema,
  type PublicRegistrationLink,
  type RegisterWithCompanyLinkInputSchema,
  type RegisterWithLinkInputSchema,
  type RegistrationLink,
  type TokenPair,
} from '@smena/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { countries } from '../../db/schema/index.ts';
import { scopeCovers, type EmployeeScope } from '../../db/employee-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext, CompanyAuthContext, RequestMeta } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { offsetOf, pageResult } from '../../lib/pagination.ts';
import type { AuthService } from '../auth/index.ts';
import { hashPassword } from '../../lib/password.ts';
import {
  createEmployeesRepository,
  assertStructureOfCompany,
  phoneTaken,
  assertSeatAvailable,
  lockCompany,
} from '../employees/index.ts';
import {
  createRegistrationLinksRepository,
  type LinkRow,
  type LinkScope,
  type LinkTableRow,
} from './registration-links.repository.ts';

type CreateEmployeeLinkValues = z.output<typeof CreateEmployeeLinkInputSchema>;
type CreateCompanyLinkValues = z.output<typeof CreateCompanyLinkInputSchema>;
type ListLinksQuery = z.output<typeof ListRegistrationLinksQuerySchema>;
type RegisterWithLinkValues = z.output<typeof RegisterWithLinkInputSchema>;
type RegisterWithCompanyLinkValues = z.output<typeof RegisterWithCompanyLinkInputSchema>;

export type LinkState = RegistrationLink['state'];

const LINK_NOT_FOUND = () => AppError.notFound('Ссылка-приглашение не найдена');
const COMPANY_BLOCKED = () => new AppError(ErrorCode.COMPANY_BLOCKED, 'Компания заблокирована');

/** Why a link no longer works, checked in this order; ACTIVE when it still does. */
export function linkState(
  link: Pick<LinkTableRow, 'revokedAt' | 'expiresAt' | 'maxUses' | 'usedCount'>,
  now = new Date(),
): LinkState {
  if (link.revokedAt) return 'REVOKED';
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  if (link.maxUses !== null && link.usedCount >= link.maxUses) return 'USED_UP';
  return 'ACTIVE';
}

function assertUsable(link: Parameters<typeof linkState>[0]): void {
  switch (linkState(link)) {
    case 'REVOKED':
      throw new AppError(ErrorCode.LINK_REVOKED, 'Ссылка-приглашение отозвана');
    case 'EXPIRED':
      throw new AppError(ErrorCode.LINK_EXPIRED, 'Срок действия ссылки-приглашения истёк');
    case 'USED_UP':
      throw new AppError(ErrorCode.LINK_USED_UP, 'Ссылка-приглашение уже использована');
    case 'ACTIVE':
      return;
  }
}

function toRegistrationLink(row: LinkRow): RegistrationLink {
  return {
    id: row.id,
    kind: row.kind,
    companyId: row.companyId,
    departmentId: row.departmentId,
    departmentTitle: row.departmentTitle,
    positionId: row.positionId,
    positionTitle: row.positionTitle,
    userCount: row.userCount,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    maxUses: row.maxUses,
    usedCount: row.usedCount,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    state: linkState(row),
    createdAt: row.createdAt.toISOString(),
  };
}

function toPublicLink(row: LinkRow): PublicRegistrationLink {
  return {
    id: row.id,
    kind: row.kind,
    companyTitle: row.companyTitle,
    departmentId: row.departmentId,
    departmentTitle: row.departmentTitle,
    positionId: row.positionId,
    positionTitle: row.positionTitle,
    userCount: row.userCount,
  };
}

/** The visitor already has an account: registering again is not the way in. */
function emailRegistered(): AppError {
  return new AppError(
    ErrorCode.CONFLICT,
    'Пользователь с таким email уже зарегистрирован. Войдите со своим email и паролем',
    [{ field: 'email', message: 'Этот email уже зарегистрирован — войдите с ним' }],
  );
}

async function assertCountry(db: DbOrTx, code: string): Promise<void> {
  const [country] = await db
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.code, code))
    .limit(1);
  if (!country) throw AppError.validation('country', 'Выберите страну из списка');
}

/**
 * A link admits people into its department, or — without one — wherever the visitor chooses, and
 * never into a branch. A manager limited to some branches and departments (decision 016) makes
 * links only into one of their departments (sub-departments included), so that everyone the
 * link admits lands in their scope; a branch-only manager makes none.
 */
function assertLinkInScope(scope: EmployeeScope, departmentId: number | null | undefined): void {
  if (scopeCovers(scope, { departmentId: departmentId ?? null, branchIds: [] })) return;
  throw new AppError(
    ErrorCode.VALIDATION_ERROR,
    'По этой ссылке сотрудники окажутся вне отделов, которыми вы управляете',
    [{ field: 'departmentId', message: 'Выберите отдел, которым вы управляете' }],
  );
}

export type RegistrationLinksService = ReturnType<typeof createRegistrationLinksService>;

export function createRegistrationLinksService(deps: { db: Db; authService: AuthService }) {
  const { db, authService } = deps;
  const repository = createRegistrationLinksRepository(db);

  async function getLink(scope: LinkScope, linkId: string): Promise<RegistrationLink> {
    const row = await repository.findLink(scope, linkId);
    if (!row) throw LINK_NOT_FOUND();
    return toRegistrationLink(row);
  }

  async function listLinks(scope: LinkScope, query: ListLinksQuery) {
    const { items, total } = await repository.findLinks(scope, {
      onlyUsable: query.state === 'ACTIVE',
      limit: query.limit,
      offset: offsetOf(query),
    });
    return pageResult(items.map(toRegistrationLink), total, query);
  }

  async function revokeLink(scope: LinkScope, linkId: string): Promise<RegistrationLink> {
    if (!(await repository.revokeLink(scope, linkId))) throw LINK_NOT_FOUND();
    return getLink(scope, linkId);
  }

  const expiryOf = (value: string | null) => (value ? new Date(value) : null);
  const companyScope = (auth: CompanyAuthContext): LinkScope => ({
    kind: 'EMPLOYEE',
    companyId: auth.companyId,
    employees: auth.scope,
  });
  const COMPANY_LINKS: LinkScope = { kind: 'COMPANY' };

  return {
    /** An employee invitation into the caller's company, optionally into a department/position. */
    async createEmployeeLink(
      auth: CompanyAuthContext,
      input: CreateEmployeeLinkValues,
    ): Promise<RegistrationLink> {
      await assertStructureOfCompany(createEmployeesRepository(db), auth.companyId, input);
      assertLinkInScope(auth.scope, input.departmentId);
      const id = await repository.insertLink({
        kind: 'EMPLOYEE',
        companyId: auth.companyId,
        departmentId: input.departmentId,
        positionId: input.positionId,
        expiresAt: expiryOf(input.expiresAt),
        maxUses: input.maxUses,
        createdBy: auth.userId,
      });
      return getLink(companyScope(auth), id);
    },

    listEmployeeLinks: (auth: CompanyAuthContext, query: ListLinksQuery) =>
      listLinks(companyScope(auth), query),

    revokeEmployeeLink: (auth: CompanyAuthContext, linkId: string) =>
      revokeLink(companyScope(auth), linkId),

    /** A super admin's invitation to register a new company with a given user limit. */
    async createCompanyLink(
      auth: AuthContext,
      input: CreateCompanyLinkValues,
    ): Promise<RegistrationLink> {
      const id = await repository.insertLink({
        kind: 'COMPANY',
        userCount: input.userCount,
        expiresAt: expiryOf(input.expiresAt),
        maxUses: input.maxUses,
        createdBy: auth.userId,
      });
      return getLink(COMPANY_LINKS, id);
    },

    listCompanyLinks: (query: ListLinksQuery) => listLinks(COMPANY_LINKS, query),

    revokeCompanyLink: (linkId: string) => revokeLink(COMPANY_LINKS, linkId),

    /** What the registration page shows; a link that no longer works answers 410 with why. */
    async getPublicLink(linkId: string): Promise<PublicRegistrationLink> {
      const row = await repository.findPublicLink(linkId);
      if (!row) throw LINK_NOT_FOUND();
      assertUsable(row);
      if (row.kind === 'EMPLOYEE' && row.companyStatus !== 'ACTIVE') throw COMPANY_BLOCKED();
      return toPublicLink(row);
    },

    /**
     * A new person registers as an EMPLOYEE of the link's company. The link is locked and its use
     * counted in the same transaction that creates the account, so a link with N uses admits
     * exactly N people however many register at once; the company's seats are checked likewise.
     */
    async registerWithLink(input: RegisterWithLinkValues, meta: RequestMeta): Promise<TokenPair> {
      const passwordHash = await hashPassword(input.password);
      let membership: { userId: number; companyId: number };
      try {
        membership = await db.transaction(async (tx) => {
          const links = createRegistrationLinksRepository(tx);
          const link = await links.lockLink(input.linkUUID);
          if (!link || link.kind !== 'EMPLOYEE' || link.companyId === null) throw LINK_NOT_FOUND();
          assertUsable(link);
          const company = await lockCompany(tx, link.companyId);
          if (company.status !== 'ACTIVE') throw COMPANY_BLOCKED();

          const repo = createEmployeesRepository(tx);
          await assertCountry(tx, input.country);
          if (await repo.findUserBy('email', input.email)) throw emailRegistered();
          if (await repo.findUserBy('phone', input.phone)) throw phoneTaken();
          // The link's department and position win; the visitor's choice fills the gaps.
          const departmentId = link.departmentId ?? input.departmentId ?? null;
          const positionId = link.positionId ?? input.positionId ?? null;
          await assertStructureOfCompany(repo, company.id, { departmentId, positionId });
          await assertSeatAvailable(tx, company);

          const userId = await repo.insertUser({
            email: input.email,
            phone: input.phone,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            middleName: input.middleName,
            countryCode: input.country,
          });
          await repo.insertEmployee({
            companyId: company.id,
            userId,
            role: Role.EMPLOYEE,
            departmentId,
            positionId,
          });
          await links.countUse(link.id);
          return { userId, companyId: company.id };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) throw emailRegistered();
        if (isUniqueViolation(error, 'users_phone_unique')) throw phoneTaken();
        throw error;
      }
      return authService.startSessionFor({ ...membership, role: Role.EMPLOYEE }, meta);
    },

    /**
     * A new company with its ADMIN, as self-registration does (trial period), but with the
     * link's user limit; the link is locked and used inside that registration's transaction.
     */
    registerWithCompanyLink(
      input: RegisterWithCompanyLinkValues,
      meta: RequestMeta,
    ): Promise<TokenPair> {
      const { linkUUID, userCount, ...registration } = input;
      return authService.registerCompany(registration, meta, {
        prepare: async (tx) => {
          const links = createRegistrationLinksRepository(tx);
          const link = await links.lockLink(linkUUID);
          if (!link || link.kind !== 'COMPANY') throw LINK_NOT_FOUND();
          assertUsable(link);
          await links.countUse(link.id);
          return { userLimit: link.userCount ?? userCount ?? TRIAL_USER_LIMIT };
        },
      });
    },
  };
}
