import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CommentNotificationInputSchema,
  CompanyNotificationSettingsInputSchema,
  CompanySchema,
  HideBranchesInputSchema,
  HideContactsInputSchema,
  HideDepartmentsInputSchema,
  IdParamsSchema,
  ListProfileUsersQuerySchema,
  NewPasswordInputSchema,
  NotificationTokenInputSchema,
  OkResponseSchema,
  ProfileEmployeeSchema,
  ProfileSchema,
  ProfileUsersPageSchema,
  RemoveNotificationTokenInputSchema,
  SessionSchema,
  UpdateOrganizationInputSchema,
  UpdateProfileInputSchema,
} from '@smena/contract';
import { ADMIN_ONLY, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth, requireAuth } from '../../plugins/auth.ts';
import { requestMeta, responses } from '../../lib/route-helpers.ts';
import type { ProfileService } from './profile.service.ts';

const tags = ['Профиль'];
const ok = { ok: true as const };

export function profileRoutes(profileService: ProfileService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/profile',
      {
        schema: {
          tags,
          summary: 'Профиль текущего пользователя',
          response: responses({ 200: ProfileSchema }),
        },
        config: { access: 'authenticated' },
      },
      (request) => profileService.getProfile(requireAuth(request)),
    );

    app.post(
      '/profile',
      {
        schema: {
          tags,
          summary: 'Изменить профиль',
          body: UpdateProfileInputSchema,
          response: responses({ 200: ProfileSchema }),
        },
        config: { access: 'authenticated' },
      },
      (request) => profileService.updateProfile(requireAuth(request), request.body),
    );

    app.post(
      '/profile/new-password',
      {
        schema: {
          tags,
          summary: 'Сменить пароль (другие сессии завершаются)',
          body: NewPasswordInputSchema,
          response: responses({ 200: OkResponseSchema }),
        },
        config: { access: 'authenticated' },
      },
      async (request) => {
        await profileService.changePassword(requireAuth(request), request.body);
        return ok;
      },
    );

    app.get(
      '/profile/employee',
      {
        schema: {
          tags,
          summary: 'Сотрудник текущего пользователя с ролью',
          response: responses({ 200: ProfileEmployeeSchema }),
        },
        config: { access: 'authenticated' },
      },
      (request) => profileService.getEmployee(requireAuth(request)),
    );

    app.get(
      '/profile/session',
      {
        schema: {
          tags,
          summary:
            'Профиль, роль и компания текущего пользователя одним ответом (для старта страниц)',
          response: responses({ 200: SessionSchema }),
        },
        config: { access: 'authenticated' },
      },
      (request) => profileService.getSession(requireAuth(request)),
    );

    app.get(
      '/profile/company',
      {
        schema: {
          tags,
          summary: 'Компания текущего пользователя',
          response: responses({ 200: CompanySchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => profileService.getCompany(companyAuth(request)),
    );

    app.patch(
      '/profile/company',
      {
        schema: {
          tags,
          summary: 'Изменить данные организации',
          body: UpdateOrganizationInputSchema,
          response: responses({ 200: CompanySchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => profileService.updateOrganization(companyAuth(request), request.body),
    );

    app.get(
      '/profile/users',
      {
        schema: {
          tags,
          summary: 'Пользователи компании',
          querystring: ListProfileUsersQuerySchema,
          response: responses({ 200: ProfileUsersPageSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => profileService.listCompanyUsers(companyAuth(request), request.query),
    );

    app.post(
      '/profile/company-notification-settings',
      {
        schema: {
          tags,
          summary: 'Настройки уведомлений компании',
          body: CompanyNotificationSettingsInputSchema,
          response: responses({ 200: CompanySchema }),
        },
        config: { access: ADMIN_ONLY, reschedulesReminders: true },
      },
      (request) => profileService.updateNotificationSettings(companyAuth(request), request.body),
    );

    app.post(
      '/profile/company-hide-contacts',
      {
        schema: {
          tags,
          summary: 'Скрыть контакты сотрудников друг от друга',
          body: HideContactsInputSchema,
          response: responses({ 200: CompanySchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => profileService.updateCompanySettings(companyAuth(request), request.body),
    );

    app.put(
      '/profile/update-comment-notification',
      {
        schema: {
          tags,
          summary: 'Уведомления о комментариях',
          body: CommentNotificationInputSchema,
          response: responses({ 200: CompanySchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => profileService.updateCompanySettings(companyAuth(request), request.body),
    );

    app.patch(
      '/profile/company-hide-branches',
      {
        schema: {
          tags,
          summary: 'Скрыть филиалы',
          body: HideBranchesInputSchema,
          response: responses({ 200: CompanySchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => profileService.updateCompanySettings(companyAuth(request), request.body),
    );

    app.patch(
      '/profile/company-hide-departments',
      {
        schema: {
          tags,
          summary: 'Скрыть отделы',
          body: HideDepartmentsInputSchema,
          response: responses({ 200: CompanySchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => profileService.updateCompanySettings(companyAuth(request), request.body),
    );

    app.delete(
      '/profile/delete/:id',
      {
        schema: {
          tags,
          summary: 'Деактивировать пользователя компании или свою учётную запись',
          params: IdParamsSchema,
          response: responses({ 200: OkResponseSchema }),
        },
        config: { access: 'authenticated' },
      },
      async (request) => {
        await profileService.deactivateUser(requireAuth(request), request.params.id);
        return ok;
      },
    );

    app.post(
      '/profile/notification-token',
      {
        schema: {
          tags,
          summary: 'Сохранить push-подписку браузера',
          body: NotificationTokenInputSchema,
          response: responses({ 200: OkResponseSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      async (request) => {
        await profileService.saveNotificationToken(
          requireAuth(request),
          request.body,
          requestMeta(request),
        );
        return ok;
      },
    );

    app.delete(
      '/profile/notification-token',
      {
        schema: {
          tags,
          summary: 'Удалить push-подписку браузера',
          body: RemoveNotificationTokenInputSchema,
          response: responses({ 200: OkResponseSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      async (request) => {
        await profileService.removeNotificationToken(requireAuth(request), request.body);
        return ok;
      },
    );
  };
}
