import {
  planViolationCodeLabels,
  type CalendarViolationsResponse,
  type NewPlanViolation,
  type PlanViolation,
  type PlanViolationCode,
} from '@smena/contract';
import { notify } from '../../components/feedback/notifications/notify.ts';
import { isApiError } from '../../lib/api-error.ts';

/** «ст. 110 ТК РФ — Еженедельный отдых меньше 42 ч (2026-03-09 — 2026-03-15)». */
export function violationLine(violation: PlanViolation): string {
  const dates =
    violation.from === violation.to ? violation.from : `${violation.from} — ${violation.to}`;
  return `ст. ${violation.article} ТК РФ — ${planViolationCodeLabels[violation.code]} (${dates})`;
}

/** The violations a hard stop refused a change for, when the error is that refusal. */
export function refusedViolations(error: unknown): NewPlanViolation[] | undefined {
  return isApiError(error) && error.code === 'PLAN_RULES_VIOLATED'
    ? (error.violations ?? [])
    : undefined;
}

/**
 * After a saved change: «Смена поставлена», or the same with the Labour Code rules it breaks (the
 * company's checks warn), each with its article.
 */
export function notifySaved(done: string, violations: readonly NewPlanViolation[]): void {
  if (violations.length === 0) {
    notify.success(done);
    return;
  }
  notify.warning(violations.map(violationLine).join('; '), {
    title: `${done}, но план нарушает ТК РФ`,
  });
}

/** Violations concerning the whole month: the row is marked, not each of its dates. */
const MONTH_WIDE: ReadonlySet<PlanViolationCode> = new Set(['OVER_MONTH_NORM', 'OVERTIME_YEAR']);

/** An employee's marks in the grid: the text of each date's violations, and the whole month's. */
export type RuleMarks = { dates: ReadonlyMap<string, string>; month: string | undefined };

const markText = (violation: PlanViolation) =>
  `Нарушение ст. ${violation.article} ТК РФ: ${violation.message}`;

/**
 * The month's violations (`/calendar/violations`) as marks of the grid: each date a violation
 * concerns (`from`–`to`) carries its article and message; the month's norm and the year's
 * overtime mark the employee's row.
 */
export function ruleMarksByEmployee(
  response: CalendarViolationsResponse | undefined,
): ReadonlyMap<number, RuleMarks> {
  const result = new Map<number, RuleMarks>();
  for (const employee of response?.employees ?? []) {
    const dates = new Map<string, string>();
    const month: string[] = [];
    for (const violation of employee.violations) {
      if (MONTH_WIDE.has(violation.code)) {
        month.push(markText(violation));
        continue;
      }
      for (let date = violation.from; date <= violation.to; date = nextDate(date)) {
        const known = dates.get(date);
        dates.set(date, known ? `${known}\n${markText(violation)}` : markText(violation));
      }
    }
    result.set(employee.employeeId, {
      dates,
      month: month.length > 0 ? month.join('\n') : undefined,
    });
  }
  return result;
}

function nextDate(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
