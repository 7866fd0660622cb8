import {
  type Check,
  type CheckPhoto,
  type CheckHistoryEntry,
  type CheckLocation,
  CheckSignalSchema,
} from '@smena/contract';
import type { CheckRow, HistoryRow } from './checks.repository.ts';

function location(
  latitude: number | null,
  longitude: number | null,
  accuracy: number | null,
  distance: number | null,
): CheckLocation | null {
  if (latitude === null || longitude === null) return null;
  return { latitude, longitude, accuracy, distance };
}

/** The check as the API answers it; `photos`: its kiosk photos, where the caller reads them. */
export function toCheck(row: CheckRow, photos: CheckPhoto[] = []): Check {
  return {
    id: row.id,
    employeeId: row.employeeId,
    employeeName: row.employeeName,
    branchId: row.branchId,
    branchTitle: row.branchTitle,
    checkInDateTime: row.checkIn.toISOString(),
    checkOutDateTime: row.checkOut?.toISOString() ?? null,
    source: row.source,
    autoClosed: row.autoClosed,
    checkInLocation: location(row.inLatitude, row.inLongitude, row.inAccuracy, row.inDistance),
    checkOutLocation: location(row.outLatitude, row.outLongitude, row.outAccuracy, row.outDistance),
    device: row.device,
    // The check-out's signals are merged in alphabetically: answered in the contract's order.
    signals: CheckSignalSchema.options.filter((signal) => row.signals.includes(signal)),
    photos,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toHistoryEntry(row: HistoryRow): CheckHistoryEntry {
  return {
    id: row.id,
    action: row.action,
    changedByName: row.changedByName,
    reason: row.reason,
    before: (row.before as Record<string, unknown> | null) ?? null,
    after: (row.after as Record<string, unknown> | null) ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const DEVICE_MAX_LENGTH = 200;

/** The User-Agent as the check's device, trimmed. */
export function deviceOf(userAgent: string | null | undefined): string {
  return (userAgent ?? '').trim().slice(0, DEVICE_MAX_LENGTH);
}
