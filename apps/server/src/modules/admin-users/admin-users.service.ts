import {
  ErrorCode,
  type AdminUser,
  type ListAdminUsersQuery,
  type MessageResponse,
  type Page,
  type UpdateAdminUserInput,
} from '@smena/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { pageResult } from '../../lib/pagination.ts';
import { createAuditRepository } from '../audit/index.ts';
import type { AuthService } from '../auth/index.ts';
import {
  createAdminUsersRepository,
  type AdminMembershipRow,
  type AdminUserRow,
} from './admin-users.repository.ts';

const userNotFound = () => AppError.notFound('Пользователь не найден');

function toAdminUser(row: AdminUserRow, memberships: AdminMembershipRow[]): AdminUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    middleName: row.middleName,
    email: row.email,
    phone: row.phone,
    country: row.countryCode,
    isSuperAdmin: row.isSuperAdmin,
    // Deleted users never reach here (the repository leaves them out).
    status: row.status === 'BLOCKED' ? 'BLOCKED' : 'ACTIVE',
    createdAt: row.createdAt.toISOString(),
    memberships: memberships.map((membership) => ({
      companyId: membership.companyId,
      companyTitle: membership.companyTitle,
      companyStatus: membership.companyStatus,
      role: membership.role,
      status: membership.status,
    })),
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

/** Every user of the service with their companies; block, unblock, send a password reset. */
export function createAdminUsersService(deps: { db: Db; authService: AuthService }) {
  const { db, authService } = deps;
  const repository = createAdminUsersRepository(db);
  const audit = createAuditRepository(db);

  async function getUser(userId: number): Promise<AdminUser> {
    const row = await repository.findUser(userId);
    if (!row) throw userNotFound();
    return toAdminUser(row, await repository.findMemberships([userId]));
  }

  async function setStatus(auth: AuthContext, userId: number, status: 'ACTIVE' | 'BLOCKED') {
    if (status === 'BLOCKED' && userId === auth.userId) {
      throw AppError.conflict('Нельзя заблокировать самого себя');
    }
    await db.transaction(async (tx) => {
      const repo = createAdminUsersRepository(tx);
      const current = await repo.lockUser(userId);
      if (!current) throw userNotFound();
      if (current.status === status) return;
      await repo.setStatus(userId, status);
      // The auth hook would refuse them anyway; revoked sessions also end refresh for good.
      if (status === 'BLOCKED') await repo.revokeSessions(userId, 'user-blocked');
      await createAuditRepository(tx).record({
        companyId: null,
        userId: auth.userId,
        impersonatorId: null,
        action: status === 'BLOCKED' ? 'USER_BLOCK' : 'USER_UNBLOCK',
        entity: 'user',
        entityId: String(userId),
      });
    });
    return getUser(userId);
  }

  return {
    getUser,

    async listUsers(query: ListAdminUsersQuery): Promise<Page<AdminUser>> {
      const { items, total } = await repository.findUsers(query);
      const memberships = await repository.findMemberships(items.map((item) => item.id));
      const byUser = new Map<number, AdminMembershipRow[]>();
      for (const membership of memberships) {
        const list = byUser.get(membership.userId) ?? [];
        list.push(membership);
        byUser.set(membership.userId, list);
      }
      return pageResult(
        items.map((item) => toAdminUser(item, byUser.get(item.id) ?? [])),
        total,
        query,
      );
    },

    /**
     * Corrects an account's name or login identity (a person who lost their email or phone).
     * When email or phone changes, every session of the account ends.
     */
    async updateUser(
      auth: AuthContext,
      userId: number,
      input: UpdateAdminUserInput,
    ): Promise<AdminUser> {
      try {
        await db.transaction(async (tx) => {
          const repo = createAdminUsersRepository(tx);
          const current = await repo.lockUser(userId);
          if (!current) throw userNotFound();
          if (input.email && (await repo.findOtherUserWith(userId, 'email', input.email))) {
            throw new AppError(ErrorCode.CONFLICT, 'Этот email уже занят другим пользователем', [
              { field: 'email', message: 'Этот email уже занят' },
            ]);
          }
          if (input.phone && (await repo.findOtherUserWith(userId, 'phone', input.phone))) {
            throw new AppError(ErrorCode.CONFLICT, 'Этот телефон уже занят другим пользователем', [
              { field: 'phone', message: 'Этот телефон уже занят' },
            ]);
          }
          const changesIdentity =
            (input.email !== undefined && input.email !== current.email) ||
            (input.phone !== undefined && input.phone !== current.phone);
          await repo.updateIdentity(userId, input);
          if (changesIdentity) await repo.revokeSessions(userId, 'identity-changed-by-superadmin');
          await createAuditRepository(tx).record({
            companyId: null,
            userId: auth.userId,
            impersonatorId: null,
            action: 'USER_UPDATE',
            entity: 'user',
            entityId: String(userId),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw AppError.conflict('Email или телефон уже занят другим пользователем');
        }
        throw error;
      }
      return getUser(userId);
    },

    blockUser: (auth: AuthContext, userId: number) => setStatus(auth, userId, 'BLOCKED'),
    unblockUser: (auth: AuthContext, userId: number) => setStatus(auth, userId, 'ACTIVE'),

    /** The restore code by SMS, exactly as «Забыли пароль?» sends it. */
    async resetPassword(auth: AuthContext, userId: number): Promise<MessageResponse> {
      const user = await repository.findUser(userId);
      if (!user) throw userNotFound();
      if (user.status === 'BLOCKED') {
        throw AppError.conflict('Пользователь заблокирован: сначала разблокируйте его');
      }
      const result = await authService.sendRestoreCode(user.phone);
      if (result === 'recently-sent') {
        throw new AppError(
          ErrorCode.RATE_LIMITED,
          'Код уже отправлен меньше минуты назад. Повторите позже',
        );
      }
      if (result === 'unknown') throw userNotFound();
      await audit.record({
        companyId: null,
        userId: auth.userId,
        impersonatorId: null,
        action: 'USER_RESET_PASSWORD',
        entity: 'user',
        entityId: String(userId),
      });
      return {
        message: `Код для восстановления пароля отправлен по SMS на ${user.phone}. Он действует 10 минут.`,
      };
    },
  };
}
