// No zod here: the calendar and the employee's home show day-offs on their first render, and a
// module that builds schemas would bring zod into those pages' first load. The schema is in
// work-time.ts.

/** Day-off types keep the spec's names on the wire (DISMISSED means «Отгул»). */
export const DayOffType = {
  VACATION: 'VACATION',
  SICKLEAVE: 'SICKLEAVE',
  HOLIDAY: 'HOLIDAY',
  DISMISSED: 'DISMISSED',
  WEEKEND: 'WEEKEND',
} as const;
export type DayOffType = (typeof DayOffType)[keyof typeof DayOffType];
export const dayOffTypes = [
  'VACATION',
  'SICKLEAVE',
  'HOLIDAY',
  'DISMISSED',
  'WEEKEND',
] as const satisfies readonly DayOffType[];

export const dayOffTypeLabels: Record<DayOffType, string> = {
  VACATION: 'Отпуск',
  SICKLEAVE: 'Больничный',
  HOLIDAY: 'Праздник',
  DISMISSED: 'Отгул',
  WEEKEND: 'Выходной',
};
