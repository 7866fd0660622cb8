import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import {
  InlineRouteErrorBoundary,
  RouteErrorBoundary,
} from '../components/feedback/route-error-boundary.tsx';
import { paths } from '../config/paths.ts';
import { lazyRoute } from '../lib/chunk-reload.ts';
import type { GuardedPage } from '../config/access.ts';
import {
  authLoader,
  companyRedirectLoader,
  homeLoader,
  noAuthLoader,
  pageLoader,
  redirectLoader,
  structuresIndexLoader,
} from './guards/guard-loaders.ts';
import { calendarLoader } from './routes/company/calendar-query.ts';
import { RootHydrateFallback, RootRoute } from './routes/root-route.tsx';

/**
 * Routes, guards and layouts of every area (public, super admin, company, employee). Every page is its own chunk (`lazy`); a chunk that
 * fails to download reloads the page once (lazyRoute). Paths come from config/paths.ts; who may
 * open each signed-in page, from config/access.ts (the menus read it too).
 */
const emptyLayout = lazyRoute(() => import('./routes/layouts/empty-layout-route.tsx'));
const appLayout = lazyRoute(() => import('./routes/layouts/app-layout-route.tsx'));
const profilePage = lazyRoute(() => import('./routes/profile-route.tsx'));

/**
 * A page's data loader (routes/company/page-loaders.ts), in a small chunk of its own so that the
 * entry — and /login — does not carry what those pages ask. It only starts requests early, so the
 * navigation does not wait for it: its chunk arrives with the page's code, and if it cannot be
 * had, the page asks on its own.
 */
function pageData(name: 'dashboardLoader' | 'checksLoader' | 'reportCardLoader') {
  return (args: LoaderFunctionArgs): null => {
    import('./routes/company/page-loaders.ts').then(
      (loaders) => loaders[name](args),
      () => null,
    );
    return null;
  };
}

/**
 * A signed-in page: its route, guarded by the roles config/access.ts gives it (the table the menus
 * read too). `also`: the page's own loader, run beside the guard.
 */
function page(
  path: GuardedPage,
  lazy: RouteObject['lazy'],
  also?: Parameters<typeof pageLoader>[1],
): RouteObject {
  return { path, loader: pageLoader(path, also), lazy };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootRoute,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      // Logged-out only, empty layout.
      {
        loader: noAuthLoader,
        lazy: emptyLayout,
        children: [
          { path: paths.login, lazy: lazyRoute(() => import('./routes/auth/login-route.tsx')) },
          {
            path: paths.register,
            lazy: lazyRoute(() => import('./routes/auth/register-route.tsx')),
          },
          {
            path: paths.registerWithLink,
            lazy: lazyRoute(() => import('./routes/auth/register-with-link-route.tsx')),
          },
        ],
      },

      // Public, no guard.
      {
        lazy: emptyLayout,
        children: [
          { path: paths.restore, lazy: lazyRoute(() => import('./routes/auth/restore-route.tsx')) },
        ],
      },
      {
        path: paths.public.refund,
        lazy: lazyRoute(() => import('./routes/public/refund-route.tsx')),
      },
      {
        path: paths.public.privacy,
        lazy: lazyRoute(() => import('./routes/public/privacy-route.tsx')),
      },
      {
        path: paths.public.support,
        lazy: lazyRoute(() => import('./routes/public/support-route.tsx')),
      },
      {
        path: paths.public.howItWorks,
        lazy: lazyRoute(() => import('./routes/public/how-it-works-route.tsx')),
      },
      {
        path: paths.public.termsOfUse,
        lazy: lazyRoute(() => import('./routes/public/terms-of-use-route.tsx')),
      },
      {
        path: paths.public.descriptionPayment,
        lazy: lazyRoute(() => import('./routes/public/description-payment-route.tsx')),
      },

      // `/company` has no guard: it only sends each person to their place.
      // A branch's kiosk: no session, no shell; it authenticates with its own credential.
      { path: paths.kiosk, lazy: lazyRoute(() => import('./routes/kiosk/kiosk-route.tsx')) },
      { path: paths.company.root, loader: companyRedirectLoader },

      // Logged in.
      {
        loader: authLoader,
        lazy: appLayout,
        children: [
          {
            ErrorBoundary: InlineRouteErrorBoundary,
            children: [
              {
                index: true,
                loader: homeLoader,
                lazy: lazyRoute(() => import('./routes/home-route.tsx')),
              },

              // Super admin.
              page(
                paths.admin.dashboard,
                lazyRoute(() => import('./routes/admin/dashboard-route.tsx')),
              ),
              page(
                paths.admin.companies,
                lazyRoute(() => import('./routes/admin/companies-route.tsx')),
              ),
              page(
                paths.admin.users,
                lazyRoute(() => import('./routes/admin/users-route.tsx')),
              ),
              page(
                paths.admin.plan,
                lazyRoute(() => import('./routes/admin/plan-route.tsx')),
              ),
              {
                path: paths.admin.settings.root,
                children: [
                  { index: true, loader: redirectLoader(paths.admin.settings.profile) },
                  page(paths.admin.settings.profile, profilePage),
                  page(
                    paths.admin.settings.countries,
                    lazyRoute(() => import('./routes/admin/countries-route.tsx')),
                  ),
                  page(
                    paths.admin.settings.cities,
                    lazyRoute(() => import('./routes/admin/cities-route.tsx')),
                  ),
                  page(
                    paths.admin.settings.calendars,
                    lazyRoute(() => import('./routes/admin/calendars-route.tsx')),
                  ),
                  page(
                    paths.admin.settings.appConfig,
                    lazyRoute(() => import('./routes/admin/app-config-route.tsx')),
                  ),
                ],
              },

              // Company pages (admins and managers; a few only admins, see config/access.ts).
              page(
                paths.company.dashboard,
                lazyRoute(() => import('./routes/company/dashboard-route.tsx')),
                pageData('dashboardLoader'),
              ),
              page(
                paths.company.employees,
                lazyRoute(() => import('./routes/company/employees-route.tsx')),
              ),
              page(
                paths.company.employeePattern,
                lazyRoute(() => import('./routes/company/employee-route.tsx')),
              ),
              {
                path: paths.company.structures.root,
                children: [
                  { index: true, loader: structuresIndexLoader },
                  page(
                    paths.company.structures.branches,
                    lazyRoute(() => import('./routes/company/branches-route.tsx')),
                  ),
                  page(
                    paths.company.structures.departments,
                    lazyRoute(() => import('./routes/company/departments-route.tsx')),
                  ),
                  page(
                    paths.company.structures.positions,
                    lazyRoute(() => import('./routes/company/positions-route.tsx')),
                  ),
                ],
              },
              {
                path: paths.company.workStructures.root,
                children: [
                  {
                    index: true,
                    loader: redirectLoader(paths.company.workStructures.schedules),
                  },
                  page(
                    paths.company.workStructures.schedules,
                    lazyRoute(() => import('./routes/company/schedules-route.tsx')),
                  ),
                  page(
                    paths.company.workStructures.weekends,
                    lazyRoute(() => import('./routes/company/weekends-route.tsx')),
                  ),
                ],
              },
              // Starts the grid's request with the session's, not after the page's code.
              page(
                paths.company.calendar,
                lazyRoute(() => import('./routes/company/calendar-route.tsx')),
                calendarLoader,
              ),
              page(
                paths.company.checks,
                lazyRoute(() => import('./routes/company/checks-route.tsx')),
                pageData('checksLoader'),
              ),
              page(
                paths.company.deviations,
                lazyRoute(() => import('./routes/company/deviations-route.tsx')),
              ),
              page(
                paths.company.correctionRequests,
                lazyRoute(() => import('./routes/company/correction-requests-route.tsx')),
              ),
              page(
                paths.company.shiftExchange,
                lazyRoute(() => import('./routes/company/shift-exchange-route.tsx')),
              ),
              {
                path: paths.company.reports.root,
                children: [
                  { index: true, loader: redirectLoader(paths.company.reports.report) },
                  page(
                    paths.company.reports.report,
                    lazyRoute(() => import('./routes/company/report-route.tsx')),
                  ),
                  page(
                    paths.company.reports.reportCard,
                    lazyRoute(() => import('./routes/company/report-card-route.tsx')),
                    pageData('reportCardLoader'),
                  ),
                ],
              },
              {
                path: paths.company.profile.root,
                children: [
                  { index: true, loader: redirectLoader(paths.company.profile.user) },
                  page(paths.company.profile.user, profilePage),
                  page(
                    paths.company.profile.organization,
                    lazyRoute(() => import('./routes/company/organization-route.tsx')),
                  ),
                  page(
                    paths.company.profile.notification,
                    lazyRoute(() => import('./routes/company/notification-route.tsx')),
                  ),
                  page(
                    paths.company.profile.apikey,
                    lazyRoute(() => import('./routes/company/apikey-route.tsx')),
                  ),
                  page(
                    paths.company.profile.kiosks,
                    lazyRoute(() => import('./routes/company/kiosks-route.tsx')),
                  ),
                ],
              },
              page(
                paths.company.plan,
                lazyRoute(() => import('./routes/company/plan-route.tsx')),
              ),
            ],
          },
        ],
      },

      { path: '*', lazy: lazyRoute(() => import('./routes/not-found-route.tsx')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
