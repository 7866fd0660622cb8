import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateConfig } from './invalidate-config.ts';
import { overridePath } from './set-config-override.ts';

/** The company goes back to the common value. */
export function deleteConfigOverride({
  key,
  companyId,
}: {
  key: string;
  companyId: number;
}): Promise<unknown> {
  return apiClient.delete<unknown>(overridePath(key, companyId));
}

export function useDeleteConfigOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConfigOverride,
    onSuccess: () => invalidateConfig(queryClient),
  });
}
