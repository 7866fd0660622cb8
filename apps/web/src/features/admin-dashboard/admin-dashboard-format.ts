const MONTHS_IN = [
  'январе',
  'феврале',
  'марте',
  'апреле',
  'мае',
  'июне',
  'июле',
  'августе',
  'сентябре',
  'октябре',
  'ноябре',
  'декабре',
] as const;

/** «в ноябре» of a UTC instant (the dashboard's month is a UTC one). */
export function monthIn(iso: string): string {
  return `в ${MONTHS_IN[new Date(iso).getUTCMonth()] ?? ''}`;
}

/** `dd.MM` of a week's Monday, for the axis. */
export function weekLabel(weekStart: string): string {
  return `${weekStart.slice(8, 10)}.${weekStart.slice(5, 7)}`;
}

/** «Неделя с 2026-11-16» for the tooltip: the whole date. */
export function weekTooltip(weekStart: string): string {
  return `Неделя с ${weekStart}`;
}
