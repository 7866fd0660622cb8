import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ru';
import updateLocale from 'dayjs/plugin/updateLocale';

/** The spec's date format, on screen, in date pickers and on the wire. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

let configured = false;

/** Russian locale, weeks from Monday, `YYYY-MM-DD` as the short date format. */
export function setupDayjs(): void {
  if (configured) return;
  configured = true;
  dayjs.extend(updateLocale);
  dayjs.locale('ru');
  dayjs.updateLocale('ru', {
    weekStart: 1,
    formats: {
      LT: 'HH:mm',
      LTS: 'HH:mm:ss',
      L: DATE_FORMAT,
      LL: 'D MMMM YYYY г.',
      LLL: 'D MMMM YYYY г., HH:mm',
      LLLL: 'dddd, D MMMM YYYY г., HH:mm',
    },
  });
}

export function formatDate(value: Dayjs | Date | string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}
