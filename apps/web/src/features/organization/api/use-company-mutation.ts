import type { Company } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentCompanyQueryOptions } from '../../auth/index.ts';

/**
 * A mutation that answers with the company: the session's company is replaced at once (menus and
 * pages that hide branches or departments follow without a reload), then re-read from the server.
 */
export function useCompanyMutation<TInput>(mutationFn: (input: TInput) => Promise<Company>) {
  const queryClient = useQueryClient();
  const { queryKey } = currentCompanyQueryOptions();
  return useMutation({
    mutationFn,
    meta: { silentError: true },
    onSuccess: async (company) => {
      queryClient.setQueryData(queryKey, company);
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
