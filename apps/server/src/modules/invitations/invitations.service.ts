import {
  ErrorCode,
  Role,
  type CompanyInvitation,
  type CompanyRole,
  type InvitationAccepted,
  type ListCompanyInvitationsQuery,
  type MyCompanies,
  type MyInvitations,
  type Page,
  type TokenPair,
} from '@smena/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext, CompanyAuthContext, RequestMeta } from '../../lib/auth-context.ts';
import { offsetOf, pageResult } from '../../lib/pagination.ts';
import { createAuthRepository } from '../auth/index.ts';
import type { AuthService } from '../auth/index.ts';
import { createEmployeesRepository, assertSeatAvailable, lockCompany } from '../employees/index.ts';
import { notifyInvitationAnswered, notifyInvitationSent } from '../notifications/index.ts';
import {
  createInvitationsRepository,
  type CompanyInvitationRow,
} from './invitations.repository.ts';

const NOT_FOUND = () => AppError.notFound('Приглашение не найдено');
const NOT_WHILE_IMPERSONATING = () =>
  AppError.forbidden('Недоступно при входе в компанию от имени администратора');

function toCompanyInvitation(row: CompanyInvitationRow): CompanyInvitation {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    firstName: row.firstName,
    lastName: row.lastName,
    middleName: row.middleName,
    role: row.role,
    departmentId: row.departmentId,
    departmentTitle: row.departmentTitle,
    positionId: row.positionId,
    positionTitle: row.positionTitle,
    branchIds: row.branchIds,
    personnelNumber: row.personnelNumber,
    hireDate: row.hireDate,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** What the inviting admin typed and the membership the company proposes. */
export type InvitationProposal = {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  middleName: string;
  role: CompanyRole;
  departmentId: number | null;
  positionId: number | null;
  branchIds: number[];
  personnelNumber: string | null;
  hireDate: string | null;
};

/**
 * Records an invitation of an existing account inside the caller's transaction (which holds the
 * company's lock) and tells the person. The caller has checked the account may be invited.
 */
export async function createInvitation(
  tx: Tx,
  values: {
    companyId: number;
    companyTitle: string;
    userId: number;
    invitedByUserId: number;
    proposal: InvitationProposal;
  },
): Promise<CompanyInvitation> {
  const repo = createInvitationsRepository(tx);
  if (await repo.findPending(values.companyId, values.userId)) {
    throw new AppError(
      ErrorCode.CONFLICT,
      'Этому человеку уже отправлено приглашение — оно ждёт ответа. Его можно отменить в списке «Приглашения»',
      [{ field: 'email', message: 'Приглашение уже отправлено и ждёт ответа' }],
    );
  }
  const id = await repo.insertInvitation({
    companyId: values.companyId,
    userId: values.userId,
    invitedByUserId: values.invitedByUserId,
    ...values.proposal,
    branchIds: [...new Set(values.proposal.branchIds)],
  });
  await notifyInvitationSent(tx, {
    id,
    userId: values.userId,
    companyTitle: values.companyTitle,
  });
  return toCompanyInvitation((await repo.findCompanyInvitation(values.companyId, id))!);
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;

export function createInvitationsService(deps: { db: Db; authService: AuthService }) {
  const { db } = deps;
  const repository = createInvitationsRepository(db);

  /** Locks a PENDING invitation addressed to the caller; answered ones answer 409. */
  async function lockPendingOf(tx: Tx, auth: AuthContext, invitationId: number) {
    if (auth.impersonatorId) throw NOT_WHILE_IMPERSONATING();
    const found = await createInvitationsRepository(tx).lockInvitationOf(auth.userId, invitationId);
    if (!found || found.companyStatus !== 'ACTIVE') throw NOT_FOUND();
    if (found.invitation.status !== 'PENDING') {
      throw AppError.conflict(
        found.invitation.status === 'CANCELLED'
          ? 'Компания отменила это приглашение'
          : 'Вы уже ответили на это приглашение',
      );
    }
    return found;
  }

  return {
    async listCompanyInvitations(
      auth: CompanyAuthContext,
      query: ListCompanyInvitationsQuery,
    ): Promise<Page<CompanyInvitation>> {
      const { items, total } = await repository.findCompanyInvitations(
        auth.companyId,
        auth.scope,
        { pendingOnly: query.status === 'PENDING' },
        { limit: query.limit, offset: offsetOf(query) },
      );
      return pageResult(items.map(toCompanyInvitation), total, query);
    },

    async cancelInvitation(
      auth: CompanyAuthContext,
      invitationId: number,
    ): Promise<CompanyInvitation> {
      await db.transaction(async (tx) => {
        const repo = createInvitationsRepository(tx);
        const invitation = await repo.lockCompanyInvitation(
          auth.companyId,
          auth.scope,
          invitationId,
        );
        if (!invitation) throw NOT_FOUND();
        if (auth.role !== Role.ADMIN && invitation.role === Role.ADMIN) {
          throw AppError.forbidden('Менеджер не может отменять приглашения администраторов');
        }
        if (invitation.status !== 'PENDING') {
          throw AppError.conflict('Приглашение уже не ждёт ответа — отменять нечего');
        }
        await repo.setStatus(invitation.id, 'CANCELLED');
      });
      return toCompanyInvitation(
        (await repository.findCompanyInvitation(auth.companyId, invitationId))!,
      );
    },

    /** The caller's open invitations (a super admin has none). */
    async listMyInvitations(auth: AuthContext): Promise<MyInvitations> {
      const rows = await repository.findPendingOfUser(auth.userId);
      const titles = await repository.findBranchTitles([
        ...new Set(rows.flatMap((row) => row.branchIds)),
      ]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          companyId: row.companyId,
          companyTitle: row.companyTitle,
          invitedBy:
            [row.inviterLastName, row.inviterFirstName].filter(Boolean).join(' ').trim() || null,
          role: row.role,
          departmentTitle: row.departmentTitle,
          positionTitle: row.positionTitle,
          branchTitles: row.branchIds
            .map((id) => titles.get(id))
            .filter((branch) => branch !== undefined && branch.companyId === row.companyId)
            .map((branch) => branch!.title),
          hireDate: row.hireDate,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Joins the company with the proposed membership: under the company's lock, if the plan has a
     * free seat. Structure deleted since the invitation is left out; a personnel number taken
     * meanwhile is left empty for the company to set.
     */
    async acceptInvitation(auth: AuthContext, invitationId: number): Promise<InvitationAccepted> {
      return db.transaction(async (tx) => {
        const found = await lockPendingOf(tx, auth, invitationId);
        const invitation = found.invitation;
        const { companyId } = invitation;
        const company = await lockCompany(tx, companyId);
        const employeesRepo = createEmployeesRepository(tx);
        const invitationsRepo = createInvitationsRepository(tx);
        if (await employeesRepo.findMembershipOfUser(companyId, auth.userId)) {
          throw AppError.conflict(
            'Вы уже числитесь в этой компании. Если вас уволили, попросите администратора восстановить вас',
          );
        }
        try {
          await assertSeatAvailable(tx, company);
        } catch (error) {
          if (error instanceof AppError && error.code === ErrorCode.PLAN_LIMIT_REACHED) {
            throw new AppError(
              ErrorCode.PLAN_LIMIT_REACHED,
              `В компании «${company.title}» закончились места по тарифу. Попросите администратора компании освободить место или сменить тариф, затем примите приглашение снова`,
            );
          }
          throw error;
        }
        const personnelNumber =
          invitation.personnelNumber &&
          !(await employeesRepo.findActiveByPersonnelNumber(companyId, invitation.personnelNumber))
            ? invitation.personnelNumber
            : null;
        const employeeId = await employeesRepo.insertEmployee({
          companyId,
          userId: auth.userId,
          role: invitation.role,
          departmentId: invitation.departmentId,
          positionId: invitation.positionId,
          personnelNumber,
          hireDate: invitation.hireDate,
        });
        const branchIds = await employeesRepo.findBranchIds(companyId, invitation.branchIds);
        await employeesRepo.setBranches(companyId, employeeId, branchIds);
        await invitationsRepo.setStatus(invitation.id, 'ACCEPTED');
        await notifyInvitationAnswered(tx, {
          invitationId: invitation.id,
          companyId,
          invitedByUserId: invitation.invitedByUserId,
          typedName: invitation,
          proposal: invitation,
          accepted: true,
        });
        return { companyId, companyTitle: company.title, employeeId };
      });
    },

    async declineInvitation(auth: AuthContext, invitationId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { invitation } = await lockPendingOf(tx, auth, invitationId);
        await createInvitationsRepository(tx).setStatus(invitation.id, 'DECLINED');
        await notifyInvitationAnswered(tx, {
          invitationId: invitation.id,
          companyId: invitation.companyId,
          invitedByUserId: invitation.invitedByUserId,
          typedName: invitation,
          proposal: invitation,
          accepted: false,
        });
      });
    },

    /** The companies the caller works in, to switch between them. */
    async listMyCompanies(auth: AuthContext): Promise<MyCompanies> {
      const rows = await repository.findMyCompanies(auth.userId);
      return {
        items: rows.map((row) => ({
          companyId: row.companyId,
          companyTitle: row.companyTitle,
          role: row.role,
          current: row.companyId === auth.companyId,
          blocked: row.companyStatus !== 'ACTIVE',
        })),
      };
    },

    /**
     * Moves the caller into another of their companies: a new session there, and the current one
     * ends (the browser keeps one session, as after a login).
     */
    async switchCompany(
      auth: AuthContext,
      companyId: number,
      meta: RequestMeta,
    ): Promise<TokenPair> {
      if (auth.impersonatorId) throw NOT_WHILE_IMPERSONATING();
      const membership = (await repository.findMyCompanies(auth.userId)).find(
        (row) => row.companyId === companyId,
      );
      if (!membership) throw AppError.notFound('Компания не найдена');
      if (membership.companyStatus !== 'ACTIVE') {
        throw new AppError(ErrorCode.COMPANY_BLOCKED, 'Компания заблокирована');
      }
      const tokens = await deps.authService.startSessionFor(
        { userId: auth.userId, companyId, role: membership.role },
        meta,
      );
      await createAuthRepository(db).revokeSession(auth.sessionId, 'company-switched');
      return tokens;
    },
  };
}
