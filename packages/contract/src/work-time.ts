import { z } from 'zod';
import './zod-setup.ts';
import { dayOffTypes } from './day-off-types.ts';

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

export const DayOffTypeSchema = z.enum(dayOffTypes);

/**
 * Where the hours of a shift that crosses midnight are recorded: split at midnight, each part on
 * its own calendar date (the default for new companies), or all on the date the shift started.
 */
export const CrossMidnightHoursSchema = z.enum(['SPLIT_BY_DATE', 'SHIFT_START']);
export type CrossMidnightHours = z.infer<typeof CrossMidnightHoursSchema>;
export const crossMidnightHoursLabels: Record<CrossMidnightHours, string> = {
  SPLIT_BY_DATE: 'Делить по календарным датам',
  SHIFT_START: 'Относить к дате начала смены',
};

/**
 * The code of hours a shift schedule plans on a non-working holiday: РВ (paid double, art. 153)
 * or Я like any other shift. Either way the attendance report shows them as holiday hours.
 */
export const HolidayShiftCodeSchema = z.enum(['РВ', 'Я']);
export type HolidayShiftCode = z.infer<typeof HolidayShiftCodeSchema>;
export const holidayShiftCodeLabels: Record<HolidayShiftCode, string> = {
  РВ: 'РВ — работа в праздник, оплата не менее чем в двойном размере',
  Я: 'Я — как обычная смена',
};

/**
 * «Сверхурочные»: extra time is overtime (С) as soon as it is worked, or only once a manager
 * approved it (art. 99: overtime is work by the employer's order). Unapproved extra time is still
 * shown in the attendance report and the deviations inbox, not as С in the T-13.
 */
export const OvertimeApprovalSchema = z.enum(['AUTO', 'APPROVED_ONLY']);
export type OvertimeApproval = z.infer<typeof OvertimeApprovalSchema>;
export const overtimeApprovalLabels: Record<OvertimeApproval, string> = {
  AUTO: 'Учитывать автоматически',
  APPROVED_ONLY: 'Только после согласования',
};

/** «Заявки на открытые смены» (decision 029): applied at once, or after a manager's approval. */
export const OpenShiftClaimsModeSchema = z.enum(['AUTO', 'APPROVED_ONLY']);
export type OpenShiftClaimsMode = z.infer<typeof OpenShiftClaimsModeSchema>;
export const openShiftClaimsModeLabels: Record<OpenShiftClaimsMode, string> = {
  AUTO: 'Сразу ставить в график',
  APPROVED_ONLY: 'После одобрения руководителем',
};
