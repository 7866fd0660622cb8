import {
  type CorrectionRequest,
  type CorrectionStatus,
  correctionKindLabels,
  timesheetCodeInfo,
} from '@smena/contract';
import { formatDuration } from '../../lib/durations.ts';

/** Tag colours of the statuses: waiting stands out, the ends are quiet. */
export const correctionStatusColors: Record<CorrectionStatus, string> = {
  PENDING: 'gold',
  APPROVED: 'green',
  REJECTED: 'red',
  WITHDRAWN: 'default',
};

/** «К (06) — Служебная командировка». */
export function codeOptionLabel(code: keyof typeof timesheetCodeInfo): string {
  const info = timesheetCodeInfo[code];
  return `${info.code} (${info.number}) — ${info.label}`;
}

/** What the request asks for, in one line: «Приход 09:00, уход 18:00», «К — …, 8 ч». */
export function askedText(
  request: Pick<
    CorrectionRequest,
    'kind' | 'checkIn' | 'checkOut' | 'code' | 'minutes' | 'branchTitle'
  >,
): string {
  if (request.kind === 'DAY_CODE') {
    if (!request.code) return correctionKindLabels.DAY_CODE;
    const code = codeOptionLabel(request.code);
    return request.minutes ? `${code}, ${formatDuration(request.minutes)}` : code;
  }
  const times = [
    request.checkIn ? `приход ${request.checkIn}` : null,
    request.checkOut ? `уход ${request.checkOut}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const text = times.charAt(0).toUpperCase() + times.slice(1);
  return request.kind === 'OTHER_BRANCH' && request.branchTitle
    ? `${request.branchTitle}: ${times}`
    : text;
}
