import { describe, expect, it } from 'vitest';
import {
  companiesListQuery,
  describeAuditAction,
  describeAuditActor,
  enterBlocker,
  isOverLimit,
  sectionOf,
  seatsLabel,
} from './company-format.ts';

const entry = { entity: 'company', entityId: '7', details: null };

describe('audit log in words', () => {
  it('names the known actions, with the changed fields of an update', () => {
    expect(describeAuditAction({ ...entry, action: 'COMPANY_BLOCK' })).toBe(
      'Компания заблокирована',
    );
    expect(
      describeAuditAction({
        ...entry,
        action: 'COMPANY_UPDATE',
        details: { fields: ['userLimit', 'paidUntil', 'somethingNew'] },
      }),
    ).toBe('Изменены данные компании: лимит пользователей, оплачено до, somethingNew');
  });

  it('describes a write made while impersonating by its method and section', () => {
    expect(
      describeAuditAction({
        action: 'PATCH',
        entity: '/api/v1/branches/:id',
        entityId: '12',
        details: { statusCode: 200 },
      }),
    ).toBe('Изменение · Филиалы · № 12');
    expect(
      describeAuditAction({
        action: 'DELETE',
        entity: '/api/v1/unknown',
        entityId: null,
        details: null,
      }),
    ).toBe('Удаление · /api/v1/unknown');
    expect(
      describeAuditAction({
        action: 'POST',
        entity: '/api/v1/employees',
        entityId: null,
        details: null,
      }),
    ).toBe('Создание · Сотрудники');
    expect(
      describeAuditAction({
        action: 'POST',
        entity: '/api/v1/employees/:id/dismiss',
        entityId: '5',
        details: null,
      }),
    ).toBe('Действие · Сотрудники · № 5');
    expect(
      describeAuditAction({
        action: 'DELETE',
        entity: '/api/v1/auth/logout',
        entityId: null,
        details: null,
      }),
    ).toBe('Выход из компании');
    expect(describeAuditAction({ ...entry, action: 'SOMETHING_ELSE' })).toBe('SOMETHING_ELSE');
    expect(sectionOf('/api/v1/registration-links/:id')).toBe('Приглашения');
    expect(sectionOf('company')).toBeNull();
  });

  it('says who acted, and on whose behalf under impersonation', () => {
    const admin = { id: 2, fullName: 'Иванов Иван', email: 'ivan@example.ru' };
    const superAdmin = { id: 1, fullName: 'Админ Супер', email: 'super@example.ru' };
    expect(describeAuditActor({ user: admin, impersonator: superAdmin })).toBe(
      'Админ Супер от имени Иванов Иван',
    );
    expect(describeAuditActor({ user: admin, impersonator: null })).toBe('Иванов Иван');
    expect(
      describeAuditActor({ user: { id: 9, fullName: null, email: null }, impersonator: null }),
    ).toBe('Пользователь № 9');
    expect(describeAuditActor({ user: null, impersonator: null })).toBe('Система');
  });
});

describe('companies list', () => {
  it('reads the filters from the address, dropping wrong values one by one', () => {
    const query = companiesListQuery.parse(
      new URLSearchParams('search=Ромашка&status=BLOCKED&plan=FREE&sort=title&order=asc&page=2'),
    );
    expect(query).toMatchObject({
      search: 'Ромашка',
      status: 'BLOCKED',
      sort: 'title',
      order: 'asc',
      page: 2,
      limit: 20,
    });
    expect(query.plan).toBeUndefined();
    expect(companiesListQuery.toParams(companiesListQuery.defaults).toString()).toBe('');
    expect(companiesListQuery.toParams({ ...query, page: 1 }).toString()).toBe(
      'search=%D0%A0%D0%BE%D0%BC%D0%B0%D1%88%D0%BA%D0%B0&status=BLOCKED&sort=title&order=asc',
    );
  });

  it('shows seats, flags a company over its limit and one without an admin', () => {
    expect(seatsLabel({ activeEmployeeCount: 12, userLimit: 10 })).toBe('12 из 10');
    expect(isOverLimit({ activeEmployeeCount: 12, userLimit: 10 })).toBe(true);
    expect(isOverLimit({ activeEmployeeCount: 10, userLimit: 10 })).toBe(false);
    expect(enterBlocker({ admin: null })).toBe('В компании нет активного администратора');
    expect(
      enterBlocker({ admin: { userId: 1, fullName: 'А', email: 'a@b.ru', phone: '+79990000000' } }),
    ).toBeNull();
  });
});
