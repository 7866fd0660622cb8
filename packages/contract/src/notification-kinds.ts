// No zod here: the bell and the push switch are on every page, and a module that builds schemas
// would bring zod into each page's first load. The schemas are in notifications.ts.

export const notificationKinds = [
  'COMMENT',
  'LATE',
  'NOT_CHECKED_IN',
  'DAY_OFF_REQUESTED',
  'SHIFT_START_REMINDER',
  'SHIFT_END_REMINDER',
  'TEST',
  'INVITATION',
  'CORRECTION_REQUEST',
  'OPEN_SHIFT',
  'SHIFT_SWAP',
  'SCHEDULE_PUBLISHED',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationKindLabels: Record<NotificationKind, string> = {
  COMMENT: 'Комментарий',
  LATE: 'Опоздание',
  NOT_CHECKED_IN: 'Не отметился',
  DAY_OFF_REQUESTED: 'Запрос отсутствия',
  SHIFT_START_REMINDER: 'Скоро смена',
  SHIFT_END_REMINDER: 'Смена заканчивается',
  TEST: 'Проверка',
  INVITATION: 'Приглашение',
  CORRECTION_REQUEST: 'Запрос на исправление',
  OPEN_SHIFT: 'Открытая смена',
  SHIFT_SWAP: 'Обмен сменой',
  SCHEDULE_PUBLISHED: 'График работы',
};

/** Push errors, in Russian, by the reason the client meets them. */
export const pushErrorMessages = {
  missingConfig: 'Не настроены ключи push-уведомлений на сервере',
  windowOnly: 'Уведомления можно включить только в окне браузера',
  permissionBlocked:
    'Уведомления запрещены в настройках браузера. Разрешите их для этого сайта и повторите',
  unsupportedBrowser: 'Этот браузер не поддерживает push-уведомления',
  indexedDbUnsupported: 'Браузер не поддерживает хранилище IndexedDB, нужное для уведомлений',
  serviceWorkerFailed: 'Не удалось зарегистрировать сервис-воркер уведомлений',
  subscribeFailed: 'Не удалось подписаться на уведомления',
  updateFailed: 'Не удалось обновить подписку на уведомления',
  unsubscribeFailed: 'Не удалось отписаться от уведомлений',
  noToken: 'Браузер не выдал подписку на уведомления',
  activationTimeout: 'Сервис-воркер уведомлений не успел запуститься',
} as const;
export type PushErrorReason = keyof typeof pushErrorMessages;

/** A subscription older than this is renewed (spec: push token refresh age 7 days). */
export const PUSH_TOKEN_REFRESH_DAYS = 7;
