import type { Company, CompanyNotificationSettingsInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { currentCompanyQueryOptions } from '../../auth/index.ts';

/** The company's switch and the shift reminders' offsets (spec: company-notification-settings). */
export function updateCompanyNotificationSettings(
  input: CompanyNotificationSettingsInput,
): Promise<Company> {
  return apiClient.post<Company>('/profile/company-notification-settings', input);
}

/** Whether comments are announced (spec: PUT update-comment-notification). */
export function updateCommentNotification(disableCommentNotifications: boolean): Promise<Company> {
  return apiClient.put<Company>('/profile/update-comment-notification', {
    disableCommentNotifications,
  });
}

/** Both answer with the company: the session's copy is replaced at once, then re-read. */
function useCompanySettingMutation<TInput>(mutationFn: (input: TInput) => Promise<Company>) {
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

export function useUpdateCompanyNotificationSettings() {
  return useCompanySettingMutation(updateCompanyNotificationSettings);
}

export function useUpdateCommentNotification() {
  return useCompanySettingMutation(updateCommentNotification);
}
