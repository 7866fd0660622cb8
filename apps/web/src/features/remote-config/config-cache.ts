import { ConfigValueSchema, type ConfigValue } from '@smena/contract';

/** localStorage key of the last configuration the server gave. */
export const REMOTE_CONFIG_CACHE_KEY = 'smena:remote-config';

type CachedConfig = { scope: string; values: Record<string, ConfigValue> };

function isConfigValues(value: unknown): value is Record<string, ConfigValue> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => ConfigValueSchema.safeParse(item).success)
  );
}

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
      parsed.scope === scope &&
      isConfigValues(parsed.values)
    ) {
      return parsed.values;
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
