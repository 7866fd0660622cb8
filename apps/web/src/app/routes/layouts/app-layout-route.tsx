import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Role, roleLabels } from '@smena/contract';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { AppShell, type ShellUserAction } from '../../../components/layout/app-shell.tsx';
import { mayOpen } from '../../../config/access.ts';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import { usePendingCorrectionsCount } from '../../../features/correction-requests/api/get-pending-corrections-count.ts';
import { useDeviationsCount } from '../../../features/deviations/api/get-deviations-count.ts';
import { ImpersonationBanner } from '../../../features/auth/components/impersonation-banner.tsx';
import { signOut } from '../../../features/auth/session.ts';
import { NotificationBell } from '../../../features/notifications/components/notification-bell.tsx';
import { releasePush } from '../../../features/notifications/push.ts';
import { usePushAutoRegistration } from '../../../features/notifications/use-push-auto-registration.ts';
import { PlanStatusBanner } from '../../../features/plans/components/plan-status-banner.tsx';
import { displayName, initials, useSession } from '../../../features/auth/use-session.ts';
import { navItemsFor, withBadge } from './nav-items.tsx';

/** How long signing out waits for the server to forget this browser's push token. */
const RELEASE_PUSH_TIMEOUT_MS = 2000;

/** The server stops pushing to this browser for the person leaving; a slow reply does not block. */
function releasePushBriefly(): Promise<void> {
  return Promise.race([
    releasePush().catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, RELEASE_PUSH_TIMEOUT_MS)),
  ]);
}

/** Layout of every logged-in page: menu by role, header with the bell, impersonation banner. */
export function Component() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}

/**
 * The signed-in frame around `children`: the layout's route renders its page there, and the
 * «Страница не найдена» of a signed-in person keeps their menu (not-found-route.tsx).
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const { role, profile, company } = session;
  const isCompanyMember = role !== null && role !== Role.SUPERADMIN;

  usePushAutoRegistration({
    role,
    userId: profile?.id,
    isImpersonating: session.isImpersonating,
  });

  // What waits for a manager: new deviations and employees' correction requests.
  const deviations = useDeviationsCount(mayOpen(role, paths.company.deviations));
  const corrections = usePendingCorrectionsCount(mayOpen(role, paths.company.correctionRequests));
  const menu = withBadge(
    withBadge(navItemsFor(role, company), paths.company.deviations, deviations.data?.new),
    paths.company.correctionRequests,
    corrections,
  );
  const navItems = menu.length > 0 ? menu : null;

  const headerTitle = role === Role.SUPERADMIN ? titles.admin.area : (company?.title ?? '');

  const profilePath = [paths.admin.settings.profile, paths.company.profile.user].find((path) =>
    mayOpen(role, path),
  );

  const userActions: ShellUserAction[] = [
    ...(profilePath
      ? [
          {
            key: 'profile',
            label: 'Профиль',
            icon: <UserOutlined />,
            onSelect: () => void navigate(profilePath),
          },
        ]
      : []),
    {
      key: 'logout',
      label: 'Выйти',
      icon: <LogoutOutlined />,
      danger: true,
      onSelect: () => {
        releasePushBriefly()
          .then(signOut)
          .catch((error: unknown) => notify.apiError(error));
      },
    },
  ];

  // antd's <App> (App.useApp's modal, message, notification) for the signed-in pages only: the
  // login page does not download them. No element of its own: the root has its classes already.
  return (
    <AntApp component={false}>
      <AppShell
        navItems={navItems}
        headerTitle={headerTitle}
        user={
          profile
            ? {
                name: displayName(profile),
                roleLabel: role ? roleLabels[role] : undefined,
                initials: initials(profile),
                avatar: profile.avatar,
              }
            : null
        }
        userActions={userActions}
        headerActions={isCompanyMember ? <NotificationBell /> : null}
        banner={
          <>
            <ImpersonationBanner />
            <PlanStatusBanner company={company} role={role} />
          </>
        }
      >
        {session.isLoading ? <PageSpinner /> : children}
      </AppShell>
    </AntApp>
  );
}
