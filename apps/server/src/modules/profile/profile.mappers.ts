import type { Company, Profile } from '@smena/contract';
import type { CompanyRow, UserRow } from './profile.repository.ts';

/** The API shape is not the table shape: the spec's spelling (`Berofe`) is kept on the wire. */
export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    title: row.title,
    email: row.email,
    phone: row.phone,
    country: row.countryCode,
    timezone: row.timezone,
    status: row.status,
    userLimit: row.userLimit,
    paidUntil: row.paidUntil ? row.paidUntil.toISOString() : null,
    isTrial: row.isTrial,
    hideContacts: row.hideContacts,
    hideBranches: row.hideBranches,
    hideDepartments: row.hideDepartments,
    notification: row.notification,
    startNotificationBerofeMinutes: row.startNotificationBeforeMinutes,
    endNotificationBerofeMinutes: row.endNotificationBeforeMinutes,
    disableCommentNotifications: row.disableCommentNotifications,
    lateToleranceMinutes: row.lateToleranceMinutes,
    autoCloseMarginMinutes: row.autoCloseMarginMinutes,
    crossMidnightHours: row.crossMidnightHours,
    holidayShiftCode: row.holidayShiftCode,
    overtimeApproval: row.overtimeApproval,
    planRuleEnforcement: row.planRuleEnforcement,
    openShiftClaims: row.openShiftClaims,
    schedulePublication: row.schedulePublication,
    kioskPhoto: row.kioskPhoto,
    kioskPhotoRetentionDays: row.kioskPhotoRetentionDays,
  };
}

export function toProfile(row: UserRow, impersonatorId: number | null): Profile {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    middleName: row.middleName,
    email: row.email,
    phone: row.phone,
    country: row.countryCode,
    avatar: row.avatar,
    isSuperAdmin: row.isSuperAdmin,
    impersonatorId,
  };
}
