import {
  ListAdminUsersQuerySchema,
  roleLabels,
  type AdminUser,
  type AdminUserMembership,
} from '@smena/contract';
import { createListQuery } from '../../lib/list-query.ts';

export const usersListQuery = createListQuery(ListAdminUsersQuerySchema);

/** «Фамилия Имя Отчество», or the email for someone who gave no name. */
export function userFullName(
  user: Pick<AdminUser, 'lastName' | 'firstName' | 'middleName' | 'email'>,
): string {
  const name = [user.lastName, user.firstName, user.middleName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email;
}

/** «Админ», and what is wrong with the membership when something is. */
export function membershipLabel(membership: AdminUserMembership): string {
  const notes = [
    membership.status === 'DISMISSED' ? 'уволен' : null,
    membership.status === 'DEACTIVATED' ? 'отключён' : null,
    membership.companyStatus === 'BLOCKED' ? 'компания заблокирована' : null,
  ].filter(Boolean);
  const role = roleLabels[membership.role];
  return notes.length > 0 ? `${role} (${notes.join(', ')})` : role;
}

/** Whether the membership still gives access (for the tag's colour). */
export function isMembershipLive(membership: AdminUserMembership): boolean {
  return membership.status === 'ACTIVE' && membership.companyStatus === 'ACTIVE';
}

/** Why the current super admin cannot block this user, or null when they can. */
export function blockBlocker(user: Pick<AdminUser, 'id'>, currentUserId: number | undefined) {
  return user.id === currentUserId ? 'Нельзя заблокировать самого себя' : null;
}
