/**
 * Page titles and menu labels: one term per concept (see the interface guide).
 * Menus, page headers and the browser tab title all read from here.
 */
export const titles = {
  login: 'Вход',
  register: 'Регистрация компании',
  registerWithLink: 'Регистрация по приглашению',
  restore: 'Восстановление пароля',
  notFound: 'Страница не найдена',
  home: 'Главная',

  admin: {
    area: 'Администрирование',
    dashboard: 'Сводка',
    companies: 'Компании',
    users: 'Пользователи',
    plan: 'Тарифы',
    settings: 'Настройки',
    countries: 'Страны',
    cities: 'Города',
    calendars: 'Производственный календарь',
    appConfig: 'Настройки приложения',
    profile: 'Профиль',
  },

  company: {
    dashboard: 'Сводка',
    employees: 'Сотрудники',
    employee: 'Сотрудник',
    structures: 'Структура',
    branches: 'Филиалы',
    departments: 'Отделы',
    positions: 'Должности',
    workStructures: 'Режим работы',
    schedules: 'Графики',
    weekends: 'Выходные и отсутствия',
    calendar: 'Календарь',
    checks: 'Отметки',
    deviations: 'Отклонения',
    correctionRequests: 'Запросы на исправление',
    /** The side menu's shorter name of the page: the count of waiting requests follows it. */
    correctionRequestsMenu: 'Исправления',
    shiftExchange: 'Открытые смены и обмены',
    shiftExchangeMenu: 'Открытые смены',
    reports: 'Отчёты',
    report: 'Отчёт по посещаемости',
    reportCard: 'Табель',
    settings: 'Настройки',
    profile: 'Профиль',
    organization: 'Организация',
    notification: 'Уведомления',
    apikey: 'API-ключи',
    kiosks: 'Киоски',
    plan: 'Тариф и оплата',
  },
} as const;
