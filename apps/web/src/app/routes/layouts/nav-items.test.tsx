import { describe, expect, it } from 'vitest';
import type { NavItem } from '../../../components/layout/menu-selection.ts';
import { openMenuKey, selectedMenuKey } from '../../../components/layout/menu-selection.ts';
import { mayOpen } from '../../../config/access.ts';
import { paths } from '../../../config/paths.ts';
import { companyNavItems, navItemsFor, superAdminNavItems, withBadge } from './nav-items.tsx';

const SHOWN = { hideBranches: false, hideDepartments: false };

function keys(items: NavItem[]): string[] {
  return items.flatMap((item) => (item.children ? keys(item.children) : [item.key]));
}

function labels(items: NavItem[]): string[] {
  return items.flatMap((item) => [item.label, ...(item.children ? labels(item.children) : [])]);
}

describe('menus', () => {
  it('company menu follows the interface guide', () => {
    expect(labels(companyNavItems({ hideBranches: false, hideDepartments: false }))).toEqual([
      'Сводка',
      'Сотрудники',
      'Структура',
      'Филиалы',
      'Отделы',
      'Должности',
      'Режим работы',
      'Графики',
      'Выходные и отсутствия',
      'Календарь',
      'Открытые смены',
      'Отметки',
      'Отклонения',
      'Исправления',
      'Отчёты',
      'Отчёт по посещаемости',
      'Табель',
      'Настройки',
      'Профиль',
      'Организация',
      'Уведомления',
      'API-ключи',
      'Киоски',
      'Тариф и оплата',
    ]);
  });

  it('a company admin (or the super admin inside a company) has the whole company menu', () => {
    expect(labels(navItemsFor('ADMIN', SHOWN))).toEqual(labels(companyNavItems(SHOWN)));
  });

  it('a manager has no API keys, organization or billing: the server answers them only to the admin', () => {
    expect(labels(navItemsFor('MANAGER', SHOWN))).toEqual([
      'Сводка',
      'Сотрудники',
      'Структура',
      'Филиалы',
      'Отделы',
      'Должности',
      'Режим работы',
      'Графики',
      'Выходные и отсутствия',
      'Календарь',
      'Открытые смены',
      'Отметки',
      'Отклонения',
      'Исправления',
      'Отчёты',
      'Отчёт по посещаемости',
      'Табель',
      'Настройки',
      'Профиль',
      'Уведомления',
    ]);
  });

  it('an employee has no menu: neither company pages nor the plan', () => {
    expect(navItemsFor('EMPLOYEE', SHOWN)).toEqual([]);
    expect(navItemsFor(null, SHOWN)).toEqual([]);
  });

  it('the super admin has their own menu, never the company one', () => {
    expect(labels(navItemsFor('SUPERADMIN', undefined))).toEqual(labels(superAdminNavItems()));
  });

  it('every entry of every menu is a page of the access table the route guards read', () => {
    for (const role of ['SUPERADMIN', 'ADMIN', 'MANAGER', 'EMPLOYEE'] as const) {
      for (const key of keys(navItemsFor(role, SHOWN))) expect(mayOpen(role, key)).toBe(true);
    }
    // The whole menus: nothing in them is missing from the table (it would show to nobody).
    for (const key of keys(companyNavItems(SHOWN))) expect(mayOpen('ADMIN', key)).toBe(true);
    for (const key of keys(superAdminNavItems())) expect(mayOpen('SUPERADMIN', key)).toBe(true);
  });

  it('hides «Филиалы» and «Отделы» when the company hides them', () => {
    const shown = labels(companyNavItems({ hideBranches: true, hideDepartments: true }));
    expect(shown).not.toContain('Филиалы');
    expect(shown).not.toContain('Отделы');
    expect(shown).toContain('Должности');
  });

  it('super admin menu', () => {
    expect(labels(superAdminNavItems())).toEqual([
      'Сводка',
      'Компании',
      'Пользователи',
      'Тарифы',
      'Настройки',
      'Страны',
      'Города',
      'Календари',
      'Приложение',
      'Профиль',
    ]);
  });

  it('highlights the entry of the current page and opens its group', () => {
    const items = companyNavItems(undefined);
    expect(selectedMenuKey(items, '/company/employees/15')).toBe('/company/employees');
    expect(selectedMenuKey(items, '/company/reports/report-card')).toBe(
      '/company/reports/report-card',
    );
    expect(openMenuKey(items, '/company/reports/report-card')).toBe('/company/reports');
    expect(selectedMenuKey(items, '/nowhere')).toBeNull();
  });
});

describe('the badge of new deviations', () => {
  it('is put on «Отклонения» only, and not at all without a count', () => {
    const items = navItemsFor('MANAGER', SHOWN);
    const marked = withBadge(items, paths.company.deviations, 7);
    const flat = (list: NavItem[]): NavItem[] =>
      list.flatMap((item) => [item, ...(item.children ? flat(item.children) : [])]);
    expect(flat(marked).filter((item) => item.badge)).toEqual([
      expect.objectContaining({ label: 'Отклонения', badge: 7 }),
    ]);
    expect(withBadge(items, paths.company.deviations, 0)).toBe(items);
    expect(withBadge(items, paths.company.deviations, undefined)).toBe(items);
  });
});
