import { decodeReportCard, type ReportCardResponse } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { reportsKeys, type ReportCardQuery } from './keys.ts';

/** The month's timesheet (T-13): codes and hours of every employee and date, totals and norm. */
export function fetchReportCard(query: ReportCardQuery, signal?: AbortSignal) {
  return apiClient.get<ReportCardResponse>('/reports/report-card', { query, signal });
}

export function reportCardQueryOptions(query: ReportCardQuery) {
  return queryOptions({
    queryKey: reportsKeys.reportCard(query),
    queryFn: ({ signal }) => fetchReportCard(query, signal),
    // The cache keeps the compact answer; each answer is decoded once (a stable select).
    select: decodeReportCard,
    placeholderData: keepPreviousData,
  });
}

export function useReportCard(query: ReportCardQuery) {
  return useQuery(reportCardQueryOptions(query));
}
