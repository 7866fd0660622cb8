/** Query keys of the countries' production calendars (super admin): saving invalidates `all`. */
export const productionCalendarKeys = {
  all: ['production-calendars'] as const,
  list: () => [...productionCalendarKeys.all, 'list'] as const,
  year: (country: string, year: number) =>
    [...productionCalendarKeys.all, 'year', country, year] as const,
};
