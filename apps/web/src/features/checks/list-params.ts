import { type CheckSignal, CheckSignalSchema, ListChecksQuerySchema } from '@smena/contract';
import { daysBetween } from '@smena/time';
import type { ChecksQuery } from './api/keys.ts';

/**
 * «Все отметки» of a period, «Сейчас на месте»: every open check whatever its date, or
 * «Комментарии» of employees to their days.
 */
export type ChecksView = 'period' | 'open' | 'comments';

const VIEWS: readonly ChecksView[] = ['period', 'open', 'comments'];

export type ChecksListState = {
  view: ChecksView;
  from: string;
  to: string;
  branchId: number | undefined;
  departmentId: number | undefined;
  employeeId: number | undefined;
  onlyOpen: boolean;
  onlyLate: boolean;
  /** «Сигналы»: checks with any of them (decision 033). */
  signals: CheckSignal[];
  page: number;
  limit: number;
};

/** The server plans every day of a «Только опоздания» period: at most this many. */
export const LATE_MAX_DAYS = 93;
const DEFAULT_LIMIT = 50;
const shape = ListChecksQuerySchema.shape;

function pick<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  raw: string | null,
): T | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** The list's state from the address bar; the period defaults to today. */
export function parseListState(params: URLSearchParams, today: string): ChecksListState {
  let from = pick(shape.from, params.get('from')) ?? today;
  let to = pick(shape.to, params.get('to')) ?? from;
  if (to < from) [from, to] = [today, today];
  return {
    view: VIEWS.find((view) => view === params.get('view')) ?? 'period',
    from,
    to,
    branchId: pick(shape.branchId, params.get('branchId')),
    departmentId: pick(shape.departmentId, params.get('departmentId')),
    employeeId: pick(shape.employeeId, params.get('employeeId')),
    onlyOpen: params.get('open') === 'true',
    onlyLate: params.get('late') === 'true',
    signals: CheckSignalSchema.options.filter((signal) =>
      (params.get('signal') ?? '').split(',').includes(signal),
    ),
    page: pick(shape.page, params.get('page')) ?? 1,
    limit: pick(shape.limit, params.get('limit')) ?? DEFAULT_LIMIT,
  };
}

/** Only what differs from the defaults goes to the address bar. */
export function toSearchParams(state: ChecksListState, today: string): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view !== 'period') params.set('view', state.view);
  if (state.from !== today || state.to !== today) {
    params.set('from', state.from);
    params.set('to', state.to);
  }
  if (state.branchId !== undefined) params.set('branchId', String(state.branchId));
  if (state.departmentId !== undefined) params.set('departmentId', String(state.departmentId));
  if (state.employeeId !== undefined) params.set('employeeId', String(state.employeeId));
  if (state.onlyOpen) params.set('open', 'true');
  if (state.onlyLate) params.set('late', 'true');
  if (state.signals.length > 0) params.set('signal', state.signals.join(','));
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.limit !== DEFAULT_LIMIT) params.set('limit', String(state.limit));
  return params;
}

/** Days of the period, both ends included. */
export function periodLength(state: Pick<ChecksListState, 'from' | 'to'>): number {
  return daysBetween(state.from, state.to) + 1;
}

/** «Только опоздания» works for a period of at most 93 days. */
export function canFilterLate(state: Pick<ChecksListState, 'from' | 'to'>): boolean {
  return periodLength(state) <= LATE_MAX_DAYS;
}

/** The API query of the state. */
export function toApiQuery(state: ChecksListState): ChecksQuery {
  const common = {
    page: state.page,
    limit: state.limit,
    branchId: state.branchId,
    departmentId: state.departmentId,
    employeeId: state.employeeId,
    signal: state.signals.length > 0 ? state.signals.join(',') : undefined,
  };
  if (state.view === 'open') return { ...common, open: 'true' };
  return {
    ...common,
    from: state.from,
    to: state.to,
    open: state.onlyOpen ? 'true' : undefined,
    late: state.onlyLate && canFilterLate(state) ? 'true' : undefined,
  };
}

/** The list's request: the page of checks with its employees' attendance (lateness, early leave). */
export function checksPageQuery(state: ChecksListState): ChecksQuery {
  return { ...toApiQuery(state), withAttendance: 'true' };
}

export function hasFilters(state: ChecksListState): boolean {
  return Boolean(
    state.branchId ||
    state.departmentId ||
    state.employeeId ||
    state.onlyOpen ||
    state.onlyLate ||
    state.signals.length > 0,
  );
}
