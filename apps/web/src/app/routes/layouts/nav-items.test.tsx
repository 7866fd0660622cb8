import { describe, expect, it } from 'vitest';
import type { NavItem } from '../../../components/layout/menu-selection.ts';
import { openMenuKey, selectedMenuKey } from '../../../components/layout/menu-selection.ts';
import { companyNavItems, superAdminNavItems } from './nav-items.tsx';

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
      'Отметки',
      'Отчёты',
      'Отчёт по посещаемости',
      'Табель',
      'Настройки',
      'Профиль',
      'Организация',
      'Уведомления',
      'API-ключи',
      'Тариф и оплата',
    ]);
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
