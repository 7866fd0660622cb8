import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import {
  InlineRouteErrorBoundary,
  RouteErrorBoundary,
} from '../components/feedback/route-error-boundary.tsx';
import { paths } from '../config/paths.ts';
import { lazyRoute } from '../lib/chunk-reload.ts';
import {
  adminOrManagerLoader,
  authLoader,
  companyMemberLoader,
  companyRedirectLoader,
  homeLoader,
  noAuthLoader,
  redirectLoader,
  structuresIndexLoader,
  superAdminLoader,
} from './guards/guard-loaders.ts';
import { calendarLoader } from './routes/company/calendar-query.ts';
import { RootHydrateFallback, RootRoute } from './routes/root-route.tsx';

/**
 * Routes, guards and layouts of every area (public, super admin, company, employee). Every page is its own chunk (`lazy`); a chunk that
 * fails to download reloads the page once (lazyRoute). Paths come from config/paths.ts.
 */
const emptyLayout = lazyRoute(() => import('./routes/layouts/empty-layout-route.tsx'));
const appLayout = lazyRoute(() => import('./routes/layouts/app-layout-route.tsx'));
const profilePage = lazyRoute(() => import('./routes/profile-route.tsx'));

/**
 * A page's data loader (routes/company/page-loaders.ts), in a small chunk of its own so that the
 * entry — and /login — does not carry what those pages ask; it arrives with the page's code.
 * It only starts requests early: if its chunk cannot be had, the page asks on its own.
 */
function pageLoader(name: 'dashboardLoader' | 'checksLoader' | 'reportCardLoader') {
  return async (args: LoaderFunctionArgs): Promise<null> => {
    try {
      const loaders = await import('./routes/company/page-loaders.ts');
      return loaders[name](args);
    } catch {
      return null;
    }
  };
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
              {
                path: paths.company.plan,
                loader: companyMemberLoader,
                lazy: lazyRoute(() => import('./routes/company/plan-route.tsx')),
              },

              // Super admin.
              {
                loader: superAdminLoader,
                children: [
                  {
                    path: paths.admin.dashboard,
                    lazy: lazyRoute(() => import('./routes/admin/dashboard-route.tsx')),
                  },
                  {
                    path: paths.admin.companies,
                    lazy: lazyRoute(() => import('./routes/admin/companies-route.tsx')),
                  },
                  {
                    path: paths.admin.users,
                    lazy: lazyRoute(() => import('./routes/admin/users-route.tsx')),
                  },
                  {
                    path: paths.admin.plan,
                    lazy: lazyRoute(() => import('./routes/admin/plan-route.tsx')),
                  },
                  {
                    path: paths.admin.settings.root,
                    children: [
                      { index: true, loader: redirectLoader(paths.admin.settings.profile) },
                      { path: paths.admin.settings.profile, lazy: profilePage },
                      {
                        path: paths.admin.settings.countries,
                        lazy: lazyRoute(() => import('./routes/admin/countries-route.tsx')),
                      },
                      {
                        path: paths.admin.settings.cities,
                        lazy: lazyRoute(() => import('./routes/admin/cities-route.tsx')),
                      },
                      {
                        path: paths.admin.settings.calendars,
                        lazy: lazyRoute(() => import('./routes/admin/calendars-route.tsx')),
                      },
                      {
                        path: paths.admin.settings.appConfig,
                        lazy: lazyRoute(() => import('./routes/admin/app-config-route.tsx')),
                      },
                    ],
                  },
                ],
              },

              // Company admin or manager.
              {
                loader: adminOrManagerLoader,
                children: [
                  {
                    path: paths.company.dashboard,
                    loader: pageLoader('dashboardLoader'),
                    lazy: lazyRoute(() => import('./routes/company/dashboard-route.tsx')),
                  },
                  {
                    path: paths.company.employees,
                    lazy: lazyRoute(() => import('./routes/company/employees-route.tsx')),
                  },
                  {
                    path: paths.company.employeePattern,
                    lazy: lazyRoute(() => import('./routes/company/employee-route.tsx')),
                  },
                  {
                    path: paths.company.structures.root,
                    children: [
                      { index: true, loader: structuresIndexLoader },
                      {
                        path: paths.company.structures.branches,
                        lazy: lazyRoute(() => import('./routes/company/branches-route.tsx')),
                      },
                      {
                        path: paths.company.structures.departments,
                        lazy: lazyRoute(() => import('./routes/company/departments-route.tsx')),
                      },
                      {
                        path: paths.company.structures.positions,
                        lazy: lazyRoute(() => import('./routes/company/positions-route.tsx')),
                      },
                    ],
                  },
                  {
                    path: paths.company.workStructures.root,
                    children: [
                      {
                        index: true,
                        loader: redirectLoader(paths.company.workStructures.schedules),
                      },
                      {
                        path: paths.company.workStructures.schedules,
                        lazy: lazyRoute(() => import('./routes/company/schedules-route.tsx')),
                      },
                      {
                        path: paths.company.workStructures.weekends,
                        lazy: lazyRoute(() => import('./routes/company/weekends-route.tsx')),
                      },
                    ],
                  },
                  {
                    path: paths.company.calendar,
                    // Starts the grid's request with the session's, not after the page's code.
                    loader: calendarLoader,
                    lazy: lazyRoute(() => import('./routes/company/calendar-route.tsx')),
                  },
                  {
                    path: paths.company.checks,
                    loader: pageLoader('checksLoader'),
                    lazy: lazyRoute(() => import('./routes/company/checks-route.tsx')),
                  },
                  {
                    path: paths.company.reports.root,
                    children: [
                      { index: true, loader: redirectLoader(paths.company.reports.report) },
                      {
                        path: paths.company.reports.report,
                        lazy: lazyRoute(() => import('./routes/company/report-route.tsx')),
                      },
                      {
                        path: paths.company.reports.reportCard,
                        loader: pageLoader('reportCardLoader'),
                        lazy: lazyRoute(() => import('./routes/company/report-card-route.tsx')),
                      },
                    ],
                  },
                  {
                    path: paths.company.profile.root,
                    children: [
                      { index: true, loader: redirectLoader(paths.company.profile.user) },
                      { path: paths.company.profile.user, lazy: profilePage },
                      {
                        path: paths.company.profile.organization,
                        lazy: lazyRoute(() => import('./routes/company/organization-route.tsx')),
                      },
                      {
                        path: paths.company.profile.notification,
                        lazy: lazyRoute(() => import('./routes/company/notification-route.tsx')),
                      },
                      {
                        path: paths.company.profile.apikey,
                        lazy: lazyRoute(() => import('./routes/company/apikey-route.tsx')),
                      },
                    ],
                  },
                ],
              },
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
