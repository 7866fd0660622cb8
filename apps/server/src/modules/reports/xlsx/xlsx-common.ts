/** Minutes as hours rounded to one decimal: the form shows 7,5 rather than 7,4833. */
export function hoursOf(minutes: number): number {
  return Math.round(minutes / 6) / 10;
}

/** Hours inside a text cell («6/2», «7,5/0,5»): the number format cannot reach them. */
export function hoursText(minutes: number): string {
  return String(hoursOf(minutes)).replace('.', ',');
}

/** `yyyy-MM-dd` as `dd.MM.yyyy`, the way Russian documents write dates. */
export function russianDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}
