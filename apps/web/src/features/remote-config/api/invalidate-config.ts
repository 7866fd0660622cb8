import type { QueryClient } from '@tanstack/react-query';
import { remoteConfigKeys } from './get-remote-config.ts';
import { configEntriesKeys } from './keys.ts';

/** After a change: the table, and the values this tab runs with (the banner, the switches). */
export function invalidateConfig(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: configEntriesKeys.all }),
    queryClient.invalidateQueries({ queryKey: remoteConfigKeys.all }),
  ]).then(() => undefined);
}
