import { MenuOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Avatar, Button, Drawer, Dropdown, Grid, Layout, Menu, type MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { setAsideVisible, useAppState } from '../../lib/app-state.ts';
import { Brand, BrandMark } from './brand-mark.tsx';
import { openMenuKey, selectedMenuKey, type NavItem } from './menu-selection.ts';
import './layouts.css';
import './nav-count.css';

const COLLAPSED_KEY = 'smena:menu-collapsed';

export type ShellUser = {
  name: string;
  roleLabel?: string;
  initials: string;
  avatar?: string | null;
};

export type ShellUserAction = {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  onSelect: () => void;
};

type AppShellProps = {
  /** Menu entries; null means no side menu (an employee has only the home page). */
  navItems: NavItem[] | null;
  headerTitle: string;
  user: ShellUser | null;
  userActions: ShellUserAction[];
  /** Shown in the header before the user's menu (the notification bell). */
  headerActions?: ReactNode;
  banner?: ReactNode;
  children: ReactNode;
};

function toMenuItems(items: NavItem[], onNavigate: () => void): MenuProps['items'] {
  return items.map((item) =>
    item.children
      ? {
          key: item.key,
          icon: item.icon,
          label: item.label,
          children: toMenuItems(item.children, onNavigate),
        }
      : {
          key: item.key,
          icon: item.icon,
          label: (
            <Link to={item.key} onClick={onNavigate}>
              {item.label}
              {item.badge ? (
                <span className="smena-nav-count" aria-label={`новых: ${item.badge}`}>
                  {item.badge > 99 ? '99+' : item.badge}
                </span>
              ) : null}
            </Link>
          ),
        },
  );
}

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function SideMenu({ navItems, onNavigate }: { navItems: NavItem[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const selected = selectedMenuKey(navItems, pathname);
  const open = openMenuKey(navItems, selected);
  const [openKeys, setOpenKeys] = useState<string[]>(open ? [open] : []);
  const [trackedOpen, setTrackedOpen] = useState(open);
  if (open !== trackedOpen) {
    // A navigation into another group opens that group too.
    setTrackedOpen(open);
    if (open && !openKeys.includes(open)) setOpenKeys([...openKeys, open]);
  }
  return (
    <Menu
      mode="inline"
      items={toMenuItems(navItems, onNavigate)}
      selectedKeys={selected ? [selected] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
    />
  );
}

/**
 * The logged-in layout: a collapsible side menu (a drawer on phones, the spec's `asideVisible`),
 * a header with the company name and the user's menu, an optional banner, then the page.
 */
export function AppShell({
  navItems,
  headerTitle,
  user,
  userActions,
  headerActions,
  banner,
  children,
}: AppShellProps) {
  const screens = Grid.useBreakpoint();
  // Before the first measurement `md` is undefined: assume a wide screen, as most visits are.
  const isPhone = screens.md === false;
  const asideVisible = useAppState((state) => state.asideVisible);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const hasMenu = navItems !== null && navItems.length > 0;

  const toggleCollapsed = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      window.localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // the choice is simply not remembered
    }
  };

  const userMenu: MenuProps = {
    items: userActions.map((action) => ({
      key: action.key,
      label: action.label,
      icon: action.icon,
      danger: action.danger,
    })),
    onClick: ({ key }) => userActions.find((action) => action.key === key)?.onSelect(),
  };

  return (
    <Layout className="smena-app">
      {hasMenu && !isPhone && (
        <Layout.Sider
          theme="light"
          width={248}
          collapsedWidth={72}
          collapsed={collapsed}
          trigger={null}
          className={
            collapsed ? 'smena-app__sider smena-app__sider--collapsed' : 'smena-app__sider'
          }
        >
          <div className="smena-app__sider-brand">
            <Link to={paths.home} aria-label="На главную">
              {collapsed ? <BrandMark size={32} /> : <Brand size={32} fontSize={20} />}
            </Link>
          </div>
          <nav aria-label="Главное меню">
            <SideMenu navItems={navItems} onNavigate={() => undefined} />
          </nav>
        </Layout.Sider>
      )}
      {hasMenu && isPhone && (
        <Drawer
          placement="left"
          open={asideVisible}
          onClose={() => setAsideVisible(false)}
          size={280}
          title={<Brand size={28} fontSize={18} />}
          styles={{ body: { padding: 0 } }}
        >
          <nav aria-label="Главное меню">
            <SideMenu navItems={navItems} onNavigate={() => setAsideVisible(false)} />
          </nav>
        </Drawer>
      )}
      <Layout>
        <Layout.Header className="smena-app__header">
          {hasMenu && isPhone && (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label="Открыть меню"
              onClick={() => setAsideVisible(true)}
            />
          )}
          {hasMenu && !isPhone && (
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? 'Развернуть меню' : 'Свернуть меню'}
              onClick={toggleCollapsed}
            />
          )}
          {!hasMenu && (
            <Link to={paths.home} aria-label="На главную">
              <BrandMark size={30} />
            </Link>
          )}
          <div className="smena-app__header-title" title={headerTitle}>
            {headerTitle}
          </div>
          {headerActions}
          {user && (
            <Dropdown menu={userMenu} trigger={['click']} placement="bottomRight">
              <button
                type="button"
                className="smena-app__user"
                aria-label={`Меню пользователя: ${user.name}`}
              >
                <span className="smena-app__user-text">
                  <span className="smena-app__user-name">{user.name}</span>
                  {user.roleLabel && <span className="smena-app__user-role">{user.roleLabel}</span>}
                </span>
                <Avatar
                  src={user.avatar ?? undefined}
                  style={{ backgroundColor: '#1677ff', flex: 'none' }}
                >
                  {user.initials}
                </Avatar>
              </button>
            </Dropdown>
          )}
        </Layout.Header>
        {banner}
        <Layout.Content className="smena-app__content">{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
