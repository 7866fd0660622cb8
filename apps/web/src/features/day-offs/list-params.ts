import { ListDayOffsQuerySchema, type ListDayOffsQuery } from '@smena/contract';
import { defaultPeriod } from './day-off-format.ts';

export type DayOffsTab = 'all' | 'requests';

export type DayOffsListState = {
  tab: DayOffsTab;
  from: string;
  to: string;
  employeeId: number | undefined;
  type: ListDayOffsQuery['type'];
  status: ListDayOffsQuery['status'];
  page: number;
  limit: number;
};

const shape = ListDayOffsQuerySchema.shape;
const DEFAULT_LIMIT = 20;

function pick<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  raw: string | null,
): T | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** The list's state from the address bar; a wrong value falls back to its default. */
export function parseListState(
  params: URLSearchParams,
  today?: Parameters<typeof defaultPeriod>[0],
): DayOffsListState {
  const period = defaultPeriod(today);
  let from = pick(shape.from, params.get('from')) ?? period.from;
  let to = pick(shape.to, params.get('to')) ?? period.to;
  if (to < from) [from, to] = [period.from, period.to];
  return {
    tab: params.get('tab') === 'requests' ? 'requests' : 'all',
    from,
    to,
    employeeId: pick(shape.employeeId, params.get('employeeId')),
    type: pick(shape.type, params.get('type')),
    status: pick(shape.status, params.get('status')),
    page: pick(shape.page, params.get('page')) ?? 1,
    limit: pick(shape.limit, params.get('limit')) ?? DEFAULT_LIMIT,
  };
}

/** Only what differs from the defaults goes to the address bar. */
export function toSearchParams(
  state: DayOffsListState,
  today?: Parameters<typeof defaultPeriod>[0],
): URLSearchParams {
  const period = defaultPeriod(today);
  const params = new URLSearchParams();
  if (state.tab === 'requests') params.set('tab', 'requests');
  if (state.from !== period.from || state.to !== period.to) {
    params.set('from', state.from);
    params.set('to', state.to);
  }
  if (state.employeeId !== undefined) params.set('employeeId', String(state.employeeId));
  if (state.type) params.set('type', state.type);
  if (state.status) params.set('status', state.status);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.limit !== DEFAULT_LIMIT) params.set('limit', String(state.limit));
  return params;
}

/**
 * The API query: «Заявки» shows every pending request whatever its dates (oldest first), «Все»
 * the entries overlapping the period with the chosen filters.
 */
export function toApiQuery(state: DayOffsListState): Partial<ListDayOffsQuery> {
  const common = {
    page: state.page,
    limit: state.limit,
    employeeId: state.employeeId,
    type: state.type,
  };
  if (state.tab === 'requests')
    return { ...common, status: 'REQUESTED', sort: 'createdAt', order: 'asc' };
  return {
    ...common,
    from: state.from,
    to: state.to,
    status: state.status,
    sort: 'from',
    order: 'asc',
  };
}

export function hasFilters(state: DayOffsListState): boolean {
  return Boolean(state.employeeId || state.type || (state.tab === 'all' && state.status));
}
