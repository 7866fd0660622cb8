import type { AdminUser } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminUsersKeys } from './keys.ts';

/** Blocks a user (their sessions end at once) or unblocks them. */
export function setUserBlocked({ id, blocked }: { id: number; blocked: boolean }) {
  return apiClient.post<AdminUser>(`/admin/users/${id}/${blocked ? 'block' : 'unblock'}`);
}

export function useSetUserBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserBlocked,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
  });
}
