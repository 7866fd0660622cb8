import { readConfigValues, type ConfigValue } from '@smena/contract';

/** localStorage key of the last configuration the server gave. */
export const REMOTE_CONFIG_CACHE_KEY = 'smena:remote-config';

type CachedConfig = { scope: string; values: Record<string, ConfigValue> };

/**
 * The values saved after the last load, so that a reload starts with them (the banner, the
 * switches) instead of the defaults. Only a company's own values count for that company.
 */
export function readCachedConfig(scope: string): Record<string, ConfigValue> | undefined {
  try {
    const raw = window.localStorage.getItem(REMOTE_CONFIG_CACHE_KEY);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'scope' in parsed &&
      'values' in parsed &&
      parsed.scope === scope
    ) {
      return readConfigValues(parsed.values) ?? undefined;
    }
  } catch {
    // damaged or unavailable: start from the defaults
  }
  return undefined;
}

export function writeCachedConfig(scope: string, values: Record<string, ConfigValue>): void {
  try {
    const cached: CachedConfig = { scope, values };
    window.localStorage.setItem(REMOTE_CONFIG_CACHE_KEY, JSON.stringify(cached));
  } catch {
    // not remembered: the next start uses the defaults until the server answers
  }
}
