import { getErrorMessage } from '../../../lib/api-error.ts';
import {
  createNotificationCenter,
  type NotificationInput,
  type NotificationType,
} from './notification-center.ts';

/** The app's single notification centre; NotificationStream renders it. */
export const notificationCenter = createNotificationCenter();

type Options = Omit<NotificationInput, 'type' | 'message'>;

function typed(type: NotificationType) {
  return (message: string, options?: Options | string): number =>
    notificationCenter.show({
      ...(typeof options === 'string' ? { title: options } : options),
      type,
      message,
    });
}

/**
 * The one way to tell a person something: `notify.success('Сохранено')`,
 * `notify.error(message, 'Заголовок')`, `notify.apiError(error)`, or `notify({ … })`.
 */
export const notify = Object.assign(
  (input: NotificationInput): number => notificationCenter.show(input),
  {
    info: typed('info'),
    success: typed('success'),
    error: typed('error'),
    warning: typed('warning'),
    /** An error from the API (or anything thrown) as an error card with its Russian message. */
    apiError: (error: unknown, title?: string): number =>
      notificationCenter.show({ type: 'error', title, message: getErrorMessage(error) }),
    dismiss: (id: number): void => notificationCenter.dismiss(id),
  },
);
