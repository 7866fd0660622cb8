/** Query keys of invitation links; creating or revoking one invalidates `registrationLinksKeys.all`. */
export const registrationLinksKeys = {
  all: ['registration-links'] as const,
  list: (state: 'ACTIVE' | 'ALL') => [...registrationLinksKeys.all, 'list', state] as const,
  public: (uuid: string) => [...registrationLinksKeys.all, 'public', uuid] as const,
};
