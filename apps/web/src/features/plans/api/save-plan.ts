import type { CreatePlanInput, DeletePlanResult, Plan, UpdatePlanInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { plansQueryKey } from './get-plans.ts';

export function createPlan(input: CreatePlanInput): Promise<Plan> {
  return apiClient.post<Plan>('/admin/plans', input);
}

export function updatePlan({ id, input }: { id: number; input: UpdatePlanInput }): Promise<Plan> {
  return apiClient.patch<Plan>(`/admin/plans/${id}`, input);
}

/** Deletes an unused plan, or takes a paid-for one off sale (`result` says which). */
export function deletePlan(id: number): Promise<DeletePlanResult> {
  return apiClient.delete<DeletePlanResult>(`/admin/plans/${id}`);
}

function useInvalidatePlans() {
  const queryClient = useQueryClient();
  // The public price list shows the same plans.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: plansQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['plans', 'public'] }),
    ]);
}

/** Silent: the form shows the server's field errors itself. */
export function useCreatePlan() {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: createPlan,
    meta: { silentError: true },
    onSuccess: invalidate,
  });
}

export function useUpdatePlan() {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: updatePlan,
    meta: { silentError: true },
    onSuccess: invalidate,
  });
}

export function useDeletePlan() {
  const invalidate = useInvalidatePlans();
  return useMutation({ mutationFn: deletePlan, onSuccess: invalidate });
}
