import type { Profile, UpdateProfileInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { userDataQueryKey } from '../../../lib/query-client.ts';

/** Saves the fields given (partial update) and answers with the whole profile. */
export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return apiClient.post<Profile>('/profile', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
  });
}
