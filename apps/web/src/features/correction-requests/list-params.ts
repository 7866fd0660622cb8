import {
  type CorrectionStatus,
  CorrectionStatusSchema,
  type ListCorrectionRequestsQuery,
} from '@smena/contract';

/** The managers' list as the URL keeps it; waiting requests first by default. */
export type CorrectionsListState = {
  status: CorrectionStatus | undefined;
  branchId: number | undefined;
  departmentId: number | undefined;
  employeeId: number | undefined;
  page: number;
  limit: number;
};

const ALL = 'ALL';

function idOf(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function parseListState(params: URLSearchParams): CorrectionsListState {
  const rawStatus = params.get('status');
  const status =
    rawStatus === ALL ? undefined : (CorrectionStatusSchema.safeParse(rawStatus).data ?? 'PENDING');
  return {
    status,
    branchId: idOf(params.get('branchId')),
    departmentId: idOf(params.get('departmentId')),
    employeeId: idOf(params.get('employeeId')),
    page: idOf(params.get('page')) ?? 1,
    limit: idOf(params.get('limit')) ?? 20,
  };
}

export function toSearchParams(state: CorrectionsListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status !== 'PENDING') params.set('status', state.status ?? ALL);
  if (state.branchId) params.set('branchId', String(state.branchId));
  if (state.departmentId) params.set('departmentId', String(state.departmentId));
  if (state.employeeId) params.set('employeeId', String(state.employeeId));
  if (state.page > 1) params.set('page', String(state.page));
  if (state.limit !== 20) params.set('limit', String(state.limit));
  return params;
}

export function toApiQuery(state: CorrectionsListState): Partial<ListCorrectionRequestsQuery> {
  return {
    page: state.page,
    limit: state.limit,
    ...(state.status ? { status: state.status } : {}),
    ...(state.branchId ? { branchId: state.branchId } : {}),
    ...(state.departmentId ? { departmentId: state.departmentId } : {}),
    ...(state.employeeId ? { employeeId: state.employeeId } : {}),
  };
}

export function hasFilters(state: CorrectionsListState): boolean {
  return Boolean(state.branchId || state.departmentId || state.employeeId);
}
