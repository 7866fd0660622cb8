import {
  ApartmentOutlined,
  BankOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  EditOutlined,
  ExceptionOutlined,
  FieldTimeOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Role, type Company } from '@smena/contract';
import type { NavItem } from '../../../components/layout/menu-selection.ts';
import { mayOpen } from '../../../config/access.ts';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';

type CompanySections = Pick<Company, 'hideBranches' | 'hideDepartments'> | undefined;

/**
 * The entries `role` may open (config/access.ts, the table the route guards read too); a group
 * left without entries drops out.
 */
export function forRole(items: NavItem[], role: Role | null | undefined): NavItem[] {
  return items.flatMap((item) => {
    if (!item.children) return mayOpen(role, item.key) ? [item] : [];
    const children = forRole(item.children, role);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

/**
 * The menu of a signed-in person: the super admin's, or the company's with only the pages the
 * role may open (an employee has none: their things live on `/`, and the menu is empty).
 */
export function navItemsFor(role: Role | null | undefined, company: CompanySections): NavItem[] {
  return forRole(role === Role.SUPERADMIN ? superAdminNavItems() : companyNavItems(company), role);
}

/** The whole company menu of the interface guide; hidden sections of the company drop out. */
export function companyNavItems(company: CompanySections): NavItem[] {
  const t = titles.company;
  const structures: NavItem[] = [
    ...(company?.hideBranches
      ? []
      : [{ key: paths.company.structures.branches, label: t.branches }]),
    ...(company?.hideDepartments
      ? []
      : [{ key: paths.company.structures.departments, label: t.departments }]),
    { key: paths.company.structures.positions, label: t.positions },
  ];
  return [
    { key: paths.company.dashboard, label: t.dashboard, icon: <DashboardOutlined /> },
    { key: paths.company.employees, label: t.employees, icon: <TeamOutlined /> },
    {
      key: paths.company.structures.root,
      label: t.structures,
      icon: <ApartmentOutlined />,
      children: structures,
    },
    {
      key: paths.company.workStructures.root,
      label: t.workStructures,
      icon: <ScheduleOutlined />,
      children: [
        { key: paths.company.workStructures.schedules, label: t.schedules },
        { key: paths.company.workStructures.weekends, label: t.weekends },
      ],
    },
    { key: paths.company.calendar, label: t.calendar, icon: <CalendarOutlined /> },
    { key: paths.company.shiftExchange, label: t.shiftExchangeMenu, icon: <SwapOutlined /> },
    { key: paths.company.checks, label: t.checks, icon: <FieldTimeOutlined /> },
    { key: paths.company.deviations, label: t.deviations, icon: <ExceptionOutlined /> },
    {
      key: paths.company.correctionRequests,
      label: t.correctionRequestsMenu,
      icon: <EditOutlined />,
    },
    {
      key: paths.company.reports.root,
      label: t.reports,
      icon: <BarChartOutlined />,
      children: [
        { key: paths.company.reports.report, label: t.report },
        { key: paths.company.reports.reportCard, label: t.reportCard },
      ],
    },
    {
      key: paths.company.profile.root,
      label: t.settings,
      icon: <SettingOutlined />,
      children: [
        { key: paths.company.profile.user, label: t.profile },
        { key: paths.company.profile.organization, label: t.organization },
        { key: paths.company.profile.notification, label: t.notification },
        { key: paths.company.profile.apikey, label: t.apikey },
        { key: paths.company.profile.kiosks, label: t.kiosks },
      ],
    },
    { key: paths.company.plan, label: t.plan, icon: <CreditCardOutlined /> },
  ];
}

/** The menu with `badge` on the entry `key` (a count of new things); unchanged without one. */
export function withBadge(items: NavItem[], key: string, badge: number | undefined): NavItem[] {
  if (!badge) return items;
  return items.map((item) =>
    item.key === key
      ? { ...item, badge }
      : item.children
        ? { ...item, children: withBadge(item.children, key, badge) }
        : item,
  );
}

/** The super admin's menu. */
export function superAdminNavItems(): NavItem[] {
  const t = titles.admin;
  return [
    { key: paths.admin.dashboard, label: t.dashboard, icon: <DashboardOutlined /> },
    { key: paths.admin.companies, label: t.companies, icon: <BankOutlined /> },
    { key: paths.admin.users, label: t.users, icon: <UserOutlined /> },
    { key: paths.admin.plan, label: t.plan, icon: <CreditCardOutlined /> },
    {
      key: paths.admin.settings.root,
      label: t.settings,
      icon: <SettingOutlined />,
      children: [
        { key: paths.admin.settings.countries, label: t.countries },
        { key: paths.admin.settings.cities, label: t.cities },
        // «Производственный календарь» does not fit the side menu.
        { key: paths.admin.settings.calendars, label: 'Календари' },
        { key: paths.admin.settings.appConfig, label: 'Приложение' },
        { key: paths.admin.settings.profile, label: t.profile },
      ],
    },
  ];
}
