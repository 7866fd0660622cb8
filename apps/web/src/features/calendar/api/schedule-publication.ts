import type {
  SchedulePublication,
  SchedulePublicationDetails,
  SchedulePublicationState,
} from '@smena/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { calendarKeys, type SchedulePublicationQuery } from './keys.ts';

/** The unit of the calendar's filters a schedule is published for: one branch or one department. */
export function publicationQueryOf(filters: {
  month: string;
  branchId?: number | undefined;
  departmentId?: number | undefined;
}): SchedulePublicationQuery | null {
  const { month, branchId, departmentId } = filters;
  if ((branchId === undefined) === (departmentId === undefined)) return null;
  return branchId !== undefined ? { month, branchId } : { month, departmentId: departmentId! };
}

/** `GET /schedule-publications`: versions, the draft's changes, acknowledgement. */
export function useSchedulePublication(query: SchedulePublicationQuery | null) {
  return useQuery({
    queryKey: calendarKeys.publication(query ?? { month: '', branchId: 0 }),
    queryFn: ({ signal }) =>
      apiClient.get<SchedulePublicationState>('/schedule-publications', {
        query: query!,
        signal,
      }),
    enabled: query !== null,
  });
}

/** «Опубликовать»: a new version; the calendar's queries are refreshed. */
export function usePublishSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: SchedulePublicationQuery) =>
      apiClient.post<SchedulePublication>('/schedule-publications', query),
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

/** A version as published, with who acknowledged it (the list and the read-only view). */
export function usePublicationVersion(id: number | null) {
  return useQuery({
    queryKey: calendarKeys.publicationVersion(id ?? 0),
    queryFn: ({ signal }) =>
      apiClient.get<SchedulePublicationDetails>(`/schedule-publications/${id}`, { signal }),
    enabled: id !== null,
  });
}
