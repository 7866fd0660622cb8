import {
  ErrorCode,
  Role,
  type Company,
  type CompanyNotificationSettingsInput,
  type ListProfileUsersQuery,
  type NewPasswordInput,
  type NotificationTokenInput,
  type Page,
  type Profile,
  type RemoveNotificationTokenInputSchema,
  type ProfileEmployee,
  type ProfileUser,
  type Session,
  type UpdateOrganizationInput,
  type UpdateProfileInput,
} from '@smena/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { countries } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext, CompanyAuthContext, RequestMeta } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { pageResult } from '../../lib/pagination.ts';
import { createAuthRepository } from '../auth/index.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { createProfileRepository, type CompanySettingsPatch } from './profile.repository.ts';
import { toCompany, toProfile } from './profile.mappers.ts';
import {
  endpointOfToken,
  parseWebPushSubscription,
  type PushEndpointPolicy,
} from '../notifications/index.ts';

type RemoveNotificationTokenInput = z.infer<typeof RemoveNotificationTokenInputSchema>;

const NOT_WHILE_IMPERSONATING = () =>
  AppError.forbidden('Недоступно при входе в компанию от имени администратора');

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService(deps: { db: Db; pushEndpoints?: PushEndpointPolicy }) {
  const { db } = deps;
  const repository = createProfileRepository(db);

  async function getUser(userId: number) {
    const user = await repository.findUser(userId);
    if (!user) throw AppError.notFound('Пользователь не найден');
    return user;
  }

  async function getCompanyRow(companyId: number) {
    const company = await repository.findCompany(companyId);
    if (!company) throw AppError.notFound('Компания не найдена');
    return company;
  }

  async function updateCompanySettings(
    auth: CompanyAuthContext,
    patch: CompanySettingsPatch,
  ): Promise<Company> {
    return toCompany(await repository.updateCompanySettings(auth.companyId, patch));
  }

  /** The caller's membership; a super admin outside companies has none. */
  async function getMembership(auth: AuthContext): Promise<ProfileEmployee> {
    if (auth.companyId === null || auth.employeeId === null) {
      return {
        id: null,
        role: Role.SUPERADMIN,
        companyId: null,
        status: null,
        personnelNumber: null,
      };
    }
    const employee = await repository.findEmployee(auth.companyId, auth.employeeId);
    if (!employee) throw AppError.notFound('Сотрудник не найден');
    return {
      id: employee.id,
      role: employee.role,
      companyId: employee.companyId,
      status: employee.status,
      personnelNumber: employee.personnelNumber,
    };
  }

  return {
    async getProfile(auth: AuthContext): Promise<Profile> {
      return toProfile(await getUser(auth.userId), auth.impersonatorId);
    },

    /**
     * The person's own data. Email and phone are how they log in and restore access: changing
     * them needs the current password and ends every other session (decision 009).
     */
    async updateProfile(auth: AuthContext, input: UpdateProfileInput): Promise<Profile> {
      const { currentPassword, country, ...rest } = input;
      const user = await getUser(auth.userId);
      // Unchanged values (a form posting every field) are not a change of identity.
      const email =
        input.email !== undefined && input.email !== user.email ? input.email : undefined;
      const phone =
        input.phone !== undefined && input.phone !== user.phone ? input.phone : undefined;
      const changesIdentity = email !== undefined || phone !== undefined;
      if (changesIdentity) {
        if (auth.impersonatorId) throw NOT_WHILE_IMPERSONATING();
        if (!currentPassword) {
          throw AppError.validation(
            'currentPassword',
            'Чтобы изменить email или телефон, введите текущий пароль',
          );
        }
        if (!(await verifyPassword(user.passwordHash, currentPassword))) {
          throw AppError.validation('currentPassword', 'Неверный текущий пароль');
        }
      }
      if (email && (await repository.findOtherUserWith(auth.userId, 'email', email))) {
        throw new AppError(ErrorCode.CONFLICT, 'Этот email уже занят другим пользователем', [
          { field: 'email', message: 'Этот email уже занят' },
        ]);
      }
      if (phone && (await repository.findOtherUserWith(auth.userId, 'phone', phone))) {
        throw new AppError(ErrorCode.CONFLICT, 'Этот телефон уже занят другим пользователем', [
          { field: 'phone', message: 'Этот телефон уже занят' },
        ]);
      }
      if (country) {
        const [found] = await db
          .select({ code: countries.code })
          .from(countries)
          .where(eq(countries.code, country))
          .limit(1);
        if (!found) throw AppError.validation('country', 'Выберите страну из списка');
      }
      try {
        const row = await db.transaction(async (tx) => {
          const updated = await createProfileRepository(tx).updateUser(auth.userId, {
            ...rest,
            email,
            phone,
            ...(country !== undefined ? { countryCode: country } : {}),
          });
          if (changesIdentity) {
            await createAuthRepository(tx).revokeUserSessions(
              auth.userId,
              'identity-changed',
              auth.sessionId,
            );
          }
          return updated;
        });
        return toProfile(row, auth.impersonatorId);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw AppError.conflict('Email или телефон уже занят другим пользователем');
        }
        throw error;
      }
    },

    /** Changes the password and ends every other session of the user. */
    async changePassword(auth: AuthContext, input: NewPasswordInput): Promise<void> {
      if (auth.impersonatorId) throw NOT_WHILE_IMPERSONATING();
      const user = await getUser(auth.userId);
      if (!(await verifyPassword(user.passwordHash, input.old))) {
        throw AppError.validation('old', 'Неверный текущий пароль');
      }
      const passwordHash = await hashPassword(input.new);
      await db.transaction(async (tx) => {
        const authRepository = createAuthRepository(tx);
        await authRepository.setPassword(auth.userId, passwordHash);
        await authRepository.revokeUserSessions(auth.userId, 'password-changed', auth.sessionId);
      });
    },

    getEmployee: getMembership,

    /** Profile, membership and company together: three reads at once, one round trip. */
    async getSession(auth: AuthContext): Promise<Session> {
      const [profile, employee, company] = await Promise.all([
        getUser(auth.userId).then((user) => toProfile(user, auth.impersonatorId)),
        getMembership(auth),
        auth.companyId === null || auth.employeeId === null
          ? null
          : getCompanyRow(auth.companyId).then((row) => toCompany(row)),
      ]);
      return { profile, employee, company };
    },

    async getCompany(auth: CompanyAuthContext): Promise<Company> {
      return toCompany(await getCompanyRow(auth.companyId));
    },

    async listCompanyUsers(
      auth: CompanyAuthContext,
      query: ListProfileUsersQuery,
    ): Promise<Page<ProfileUser>> {
      const company = await getCompanyRow(auth.companyId);
      const { items, total } = await repository.findCompanyUsers(auth.companyId, query);
      // When the company hides contacts, only admins see colleagues' phone and email.
      const hideContacts = company.hideContacts && auth.role !== Role.ADMIN;
      return pageResult(
        items.map((item) =>
          hideContacts && item.id !== auth.userId ? { ...item, email: null, phone: null } : item,
        ),
        total,
        query,
      );
    },

    updateNotificationSettings(auth: CompanyAuthContext, input: CompanyNotificationSettingsInput) {
      return updateCompanySettings(auth, {
        notification: input.notification,
        startNotificationBeforeMinutes: input.startNotificationBerofeMinutes,
        endNotificationBeforeMinutes: input.endNotificationBerofeMinutes,
      });
    },

    updateCompanySettings,

    /**
     * Organization details (ADMIN): title, contacts, country, timezone, late tolerance and the
     * margin after which forgotten check-outs are closed.
     */
    async updateOrganization(
      auth: CompanyAuthContext,
      input: UpdateOrganizationInput,
    ): Promise<Company> {
      if (input.country) {
        const [country] = await db
          .select({ code: countries.code })
          .from(countries)
          .where(eq(countries.code, input.country))
          .limit(1);
        if (!country) throw AppError.validation('country', 'Выберите страну из списка');
      }
      const { country, ...rest } = input;
      const row = await repository.updateCompany(auth.companyId, {
        ...rest,
        ...(country !== undefined ? { countryCode: country } : {}),
      });
      return toCompany(row);
    },

    /**
     * Deactivates a user: the caller's own account (everywhere), or — for an ADMIN — a member of
     * the caller's company (that membership only). The last active ADMIN is never removed.
     */
    async deactivateUser(auth: AuthContext, userId: number): Promise<void> {
      if (userId === auth.userId) {
        if (auth.impersonatorId) throw NOT_WHILE_IMPERSONATING();
        const user = await getUser(auth.userId);
        if (user.isSuperAdmin) {
          throw AppError.forbidden('Учётную запись супер админа удалить нельзя');
        }
        await db.transaction(async (tx) => {
          const repo = createProfileRepository(tx);
          if ((await repo.findCompaniesWhereSoleAdmin(auth.userId)).length > 0) {
            throw AppError.conflict(
              'Вы единственный администратор компании. Назначьте другого администратора, затем удалите учётную запись',
            );
          }
          await repo.deactivateUser(auth.userId);
          await createAuthRepository(tx).revokeUserSessions(auth.userId, 'account-deleted');
        });
        return;
      }

      if (auth.companyId === null) throw AppError.notFound('Пользователь не найден');
      if (auth.role !== Role.ADMIN) throw AppError.forbidden();
      const companyId = auth.companyId;
      await db.transaction(async (tx) => {
        const repo = createProfileRepository(tx);
        const employee = await repo.findEmployeeByUser(companyId, userId);
        if (!employee || employee.status !== 'ACTIVE') {
          throw AppError.notFound('Пользователь не найден');
        }
        if (employee.role === Role.ADMIN && (await repo.countActiveAdmins(companyId)) <= 1) {
          throw AppError.conflict('Нельзя удалить последнего администратора компании');
        }
        await repo.deactivateEmployee(companyId, employee.id);
        await createAuthRepository(tx).revokeMembershipSessions(userId, companyId, 'deactivated');
      });
    },

    /** Stores this browser's push subscription for the caller (the spec's notification token). */
    async saveNotificationToken(
      auth: AuthContext,
      input: NotificationTokenInput,
      meta: RequestMeta,
    ): Promise<void> {
      const subscription = parseWebPushSubscription(
        input.notificationToken,
        deps.pushEndpoints ?? { allowLocalHttp: false },
      );
      await repository.upsertNotificationToken({
        userId: auth.userId,
        companyId: auth.companyId,
        key: input.key,
        token: input.notificationToken,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      });
    },

    /** Forgets one of the caller's own subscriptions; another user's answers 404. */
    async removeNotificationToken(
      auth: AuthContext,
      input: RemoveNotificationTokenInput,
    ): Promise<void> {
      const removed = await repository.deleteNotificationToken(auth.userId, {
        endpoint: endpointOfToken(input.notificationToken),
        token: input.notificationToken,
      });
      if (removed === 0) throw AppError.notFound('Подписка на уведомления не найдена');
    },
  };
}
