/** Query keys of the API keys: every mutation invalidates `apiKeysKeys.all`. */
export const apiKeysKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeysKeys.all, 'list'] as const,
};
