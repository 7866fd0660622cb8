import { z } from 'zod';

export const ScheduleType = {
  FIXED: 'FIXED',
  FLEX: 'FLEX',
  NIGHT: 'NIGHT',
  DYNAMIC: 'DYNAMIC',
} as const;
export type ScheduleType = (typeof ScheduleType)[keyof typeof ScheduleType];
export const ScheduleTypeSchema = z.enum(['FIXED', 'FLEX', 'NIGHT', 'DYNAMIC']);

export const scheduleTypeLabels: Record<ScheduleType, string> = {
  FIXED: 'Фиксированный',
  FLEX: 'Гибкий',
  NIGHT: 'Ночной',
  DYNAMIC: 'Сменный',
};

/** Day-off types keep the spec's names on the wire (DISMISSED means «Отгул»). */
export const DayOffType = {
  VACATION: 'VACATION',
  SICKLEAVE: 'SICKLEAVE',
  HOLIDAY: 'HOLIDAY',
  DISMISSED: 'DISMISSED',
  WEEKEND: 'WEEKEND',
} as const;
export type DayOffType = (typeof DayOffType)[keyof typeof DayOffType];
export const DayOffTypeSchema = z.enum([
  'VACATION',
  'SICKLEAVE',
  'HOLIDAY',
  'DISMISSED',
  'WEEKEND',
]);

export const dayOffTypeLabels: Record<DayOffType, string> = {
  VACATION: 'Отпуск',
  SICKLEAVE: 'Больничный',
  HOLIDAY: 'Праздник',
  DISMISSED: 'Отгул',
  WEEKEND: 'Выходной',
};
