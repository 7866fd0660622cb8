import {
  ListAdminCompaniesQuerySchema,
  type AdminCompany,
  type AuditEntry,
  type AuditPerson,
  type CompanyPlanState,
} from '@smena/contract';
import { createListQuery } from '../../lib/list-query.ts';

export const companiesListQuery = createListQuery(ListAdminCompaniesQuerySchema);

export const planStateLabels: Record<CompanyPlanState, string> = {
  TRIAL: 'Пробный период',
  PAID: 'Оплачен',
  EXPIRED: 'Истёк',
};

export const planStateColors: Record<CompanyPlanState, string> = {
  TRIAL: 'blue',
  PAID: 'green',
  EXPIRED: 'red',
};

export const companyStatusLabels: Record<AdminCompany['status'], string> = {
  ACTIVE: 'Активна',
  BLOCKED: 'Заблокирована',
};

/** «12 из 50»: active employees against the plan's limit; over the limit is worth a colour. */
export function seatsLabel(company: Pick<AdminCompany, 'activeEmployeeCount' | 'userLimit'>) {
  return `${company.activeEmployeeCount} из ${company.userLimit}`;
}

export function isOverLimit(company: Pick<AdminCompany, 'activeEmployeeCount' | 'userLimit'>) {
  return company.activeEmployeeCount > company.userLimit;
}

/** Why «Войти как администратор» cannot work, or null when it can. */
export function enterBlocker(company: Pick<AdminCompany, 'admin'>): string | null {
  return company.admin ? null : 'В компании нет активного администратора';
}

// ---------- The audit log in words ----------

const SECTION_BY_PATH: Record<string, string> = {
  branches: 'Филиалы',
  departments: 'Отделы',
  positions: 'Должности',
  employees: 'Сотрудники',
  schedules: 'Графики',
  weekends: 'Выходные и отсутствия',
  'day-offs': 'Выходные и отсутствия',
  calendar: 'Календарь',
  checks: 'Отметки',
  comments: 'Комментарии',
  reports: 'Отчёты',
  profile: 'Профиль и настройки',
  'registration-links': 'Приглашения',
  'api-keys': 'API-ключи',
  plan: 'Тариф',
  payments: 'Оплата',
  auth: 'Вход и сессии',
};

const VERB_BY_METHOD: Record<string, string> = {
  PUT: 'Изменение',
  PATCH: 'Изменение',
  DELETE: 'Удаление',
};

/** Writes better named by their route than by their method. */
const LABEL_BY_ROUTE: Record<string, string> = {
  'DELETE /api/v1/auth/logout': 'Выход из компании',
  'DELETE /api/v1/auth/clear-session': 'Выход на всех устройствах',
};

/** POST to a collection creates; POST to `/x/:id/dismiss` and the like is an action. */
function verbOf(method: string, entity: string): string | null {
  if (method !== 'POST') return VERB_BY_METHOD[method] ?? null;
  const segments = entity
    .replace(/^\/api\/v1\//, '')
    .split('/')
    .filter(Boolean);
  return segments.length === 1 ? 'Создание' : 'Действие';
}

const COMPANY_FIELDS: Record<string, string> = {
  title: 'название',
  email: 'email',
  phone: 'телефон',
  country: 'страна',
  timezone: 'часовой пояс',
  userLimit: 'лимит пользователей',
  paidUntil: 'оплачено до',
  isTrial: 'пробный период',
};

const ACTION_LABELS: Record<string, string> = {
  REGISTER_COMPANY: 'Регистрация компании',
  COMPANY_CREATE: 'Компания создана супер админом',
  COMPANY_UPDATE: 'Изменены данные компании',
  COMPANY_BLOCK: 'Компания заблокирована',
  COMPANY_UNBLOCK: 'Компания разблокирована',
  IMPERSONATION_START: 'Вход супер админа в компанию',
};

/** The section of the product a write went to: `/api/v1/branches/:id` → «Филиалы». */
export function sectionOf(entity: string): string | null {
  const match = /^\/api\/v1\/([^/]+)/.exec(entity);
  if (!match) return null;
  return SECTION_BY_PATH[match[1]!] ?? null;
}

/**
 * What an audit entry says, in Russian: «Изменены данные компании: лимит пользователей»,
 * «Изменение · Филиалы · № 12», or the raw action for anything unknown.
 */
export function describeAuditAction(
  entry: Pick<AuditEntry, 'action' | 'entity' | 'entityId' | 'details'>,
): string {
  const known = ACTION_LABELS[entry.action];
  if (known) {
    const fields = entry.details?.fields;
    if (entry.action === 'COMPANY_UPDATE' && Array.isArray(fields) && fields.length > 0) {
      const names = fields.map((field) => COMPANY_FIELDS[String(field)] ?? String(field));
      return `${known}: ${names.join(', ')}`;
    }
    return known;
  }
  const byRoute = LABEL_BY_ROUTE[`${entry.action} ${entry.entity}`];
  if (byRoute) return byRoute;
  const verb = verbOf(entry.action, entry.entity);
  if (verb) {
    const parts = [verb, sectionOf(entry.entity) ?? entry.entity];
    if (entry.entityId) parts.push(`№ ${entry.entityId}`);
    return parts.join(' · ');
  }
  return entry.action;
}

function personName(person: AuditPerson): string {
  return person.fullName ?? person.email ?? `Пользователь № ${person.id}`;
}

/** Who acted: «Супер Админ от имени Иванов Иван», the person, or «Система». */
export function describeAuditActor(entry: Pick<AuditEntry, 'user' | 'impersonator'>): string {
  if (entry.impersonator) {
    const acting = personName(entry.impersonator);
    return entry.user ? `${acting} от имени ${personName(entry.user)}` : acting;
  }
  return entry.user ? personName(entry.user) : 'Система';
}
