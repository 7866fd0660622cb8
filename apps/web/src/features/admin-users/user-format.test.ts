import { describe, expect, it } from 'vitest';
import {
  blockBlocker,
  isMembershipLive,
  membershipLabel,
  userFullName,
  usersListQuery,
} from './user-format.ts';

const membership = {
  companyId: 1,
  companyTitle: 'Ромашка',
  companyStatus: 'ACTIVE' as const,
  role: 'MANAGER' as const,
  status: 'ACTIVE' as const,
};

describe('users in words', () => {
  it('names a user, falling back to the email', () => {
    expect(
      userFullName({ lastName: 'Иванов', firstName: 'Иван', middleName: '', email: 'i@x.ru' }),
    ).toBe('Иванов Иван');
    expect(userFullName({ lastName: ' ', firstName: '', middleName: '', email: 'i@x.ru' })).toBe(
      'i@x.ru',
    );
  });

  it('labels a membership with what keeps it from working', () => {
    expect(membershipLabel(membership)).toBe('Менеджер');
    expect(isMembershipLive(membership)).toBe(true);
    const gone = { ...membership, status: 'DISMISSED' as const, companyStatus: 'BLOCKED' as const };
    expect(membershipLabel(gone)).toBe('Менеджер (уволен, компания заблокирована)');
    expect(isMembershipLive(gone)).toBe(false);
  });

  it('does not offer a super admin to block themselves', () => {
    expect(blockBlocker({ id: 3 }, 3)).toBe('Нельзя заблокировать самого себя');
    expect(blockBlocker({ id: 3 }, 4)).toBeNull();
  });

  it('keeps the list’s filters in the address', () => {
    const query = usersListQuery.parse(new URLSearchParams('status=BLOCKED&sort=name&order=up'));
    expect(query).toMatchObject({ status: 'BLOCKED', sort: 'name', order: 'desc', page: 1 });
    expect(usersListQuery.toParams(query).toString()).toBe('status=BLOCKED&sort=name');
  });
});
