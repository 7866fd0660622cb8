import type { ConfigValue } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateConfig } from './invalidate-config.ts';

export function overridePath(key: string, companyId: number): string {
  return `/admin/config/${encodeURIComponent(key)}/overrides/${companyId}`;
}

/** A company's own value of an overridable key. */
export function setConfigOverride({
  key,
  companyId,
  value,
}: {
  key: string;
  companyId: number;
  value: ConfigValue;
}): Promise<unknown> {
  return apiClient.put<unknown>(overridePath(key, companyId), { value });
}

/** Silent: the drawer shows the server's message under the value. */
export function useSetConfigOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setConfigOverride,
    meta: { silentError: true },
    onSuccess: () => invalidateConfig(queryClient),
  });
}
