import { defaultRemoteConfig, type ConfigValue } from '@smena/contract';
import { useRemoteConfigQuery } from './api/get-remote-config.ts';

export type RemoteConfigKey = keyof typeof defaultRemoteConfig;

type Widen<T> = T extends boolean ? boolean : T extends number ? number : string;

/** `app.versionCheckMinutes` → number, `features.comments` → boolean, … */
export type RemoteConfigValue<K extends RemoteConfigKey> = Widen<(typeof defaultRemoteConfig)[K]>;

/** The server's value of `key` when it has the expected type, else the contract's default. */
export function configValue<K extends RemoteConfigKey>(
  values: Readonly<Record<string, ConfigValue>> | undefined,
  key: K,
): RemoteConfigValue<K> {
  const fallback = defaultRemoteConfig[key];
  const value = values?.[key];
  return (typeof value === typeof fallback ? value : fallback) as RemoteConfigValue<K>;
}

/** One value of the remote configuration, typed by its key; the default until loaded. */
export function useRemoteConfig<K extends RemoteConfigKey>(key: K): RemoteConfigValue<K> {
  const { data } = useRemoteConfigQuery();
  return configValue(data?.values, key);
}

/** Like useRemoteConfig, and whether the server has answered (or failed) since the page loaded. */
export function useRemoteConfigState<K extends RemoteConfigKey>(
  key: K,
): { value: RemoteConfigValue<K>; isLoaded: boolean } {
  const query = useRemoteConfigQuery();
  return { value: configValue(query.data?.values, key), isLoaded: query.isFetched };
}
