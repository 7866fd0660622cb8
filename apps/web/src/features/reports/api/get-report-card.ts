import type { ReportCard } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { reportsKeys, type ReportCardQuery } from './keys.ts';

/** The month's timesheet (T-13): codes and hours of every employee and date, totals and norm. */
export function fetchReportCard(query: ReportCardQuery, signal?: AbortSignal) {
  return apiClient.get<ReportCard>('/reports/report-card', { query, signal });
}

export function reportCardQueryOptions(query: ReportCardQuery) {
  return queryOptions({
    queryKey: reportsKeys.reportCard(query),
    queryFn: ({ signal }) => fetchReportCard(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReportCard(query: ReportCardQuery) {
  return useQuery(reportCardQueryOptions(query));
}
