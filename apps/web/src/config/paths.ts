/** Every URL of the app in one place. Route definitions, links and redirects use these. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  registerWithLink: '/register-with-link',
  restore: '/restore',
  /** A branch's kiosk (decision 031): no app shell, the device's own credential. */
  kiosk: '/kiosk',

  public: {
    refund: '/refund',
    privacy: '/privacy',
    support: '/support',
    howItWorks: '/how-it-works',
    termsOfUse: '/terms-of-use',
    descriptionPayment: '/descriptionPayment',
  },

  admin: {
    dashboard: '/dashboard',
    companies: '/companies',
    users: '/users',
    plan: '/plan',
    settings: {
      root: '/settings',
      profile: '/settings/profile',
      countries: '/settings/countries',
      cities: '/settings/cities',
      calendars: '/settings/calendars',
      appConfig: '/settings/app-config',
    },
  },

  company: {
    root: '/company',
    dashboard: '/company/dashboard',
    plan: '/company/plan',
    employees: '/company/employees',
    employee: (id: number | string) => `/company/employees/${encodeURIComponent(String(id))}`,
    employeePattern: '/company/employees/:id',
    calendar: '/company/calendar',
    checks: '/company/checks',
    deviations: '/company/deviations',
    correctionRequests: '/company/correction-requests',
    shiftExchange: '/company/shift-exchange',
    structures: {
      root: '/company/structures',
      branches: '/company/structures/branches',
      departments: '/company/structures/departments',
      positions: '/company/structures/positions',
    },
    workStructures: {
      root: '/company/work-structures',
      schedules: '/company/work-structures/schedules',
      weekends: '/company/work-structures/weekends',
    },
    reports: {
      root: '/company/reports',
      report: '/company/reports/report',
      reportCard: '/company/reports/report-card',
    },
    profile: {
      root: '/company/profile',
      user: '/company/profile/user',
      organization: '/company/profile/organization',
      notification: '/company/profile/notification',
      apikey: '/company/profile/apikey',
      kiosks: '/company/profile/kiosks',
    },
  },
} as const;

/** Query parameter that carries the page to return to after logging in. */
export const REDIRECT_PARAM = 'redirect';

/** `/login?redirect=<path>`; the home page needs no redirect parameter. */
export function loginPathWithRedirect(returnTo: string): string {
  if (!returnTo || returnTo === paths.home || returnTo.startsWith(paths.login)) return paths.login;
  return `${paths.login}?${REDIRECT_PARAM}=${encodeURIComponent(returnTo)}`;
}
