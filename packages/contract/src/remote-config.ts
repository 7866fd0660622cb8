// The remote configuration as the SPA reads it at start (GET /config). No zod here: it is read
// before any page, and a module that builds schemas would bring zod into every page's first load.
// `ConfigValueSchema` and `RemoteConfigSchema` (analytics.ts) are built from the same values, and
// a test checks that these guards and the schemas agree.

/** A configuration value: a switch, a number or a short text. */
export type ConfigValue = boolean | number | string;

/** The longest text value. */
export const MAX_CONFIG_TEXT_LENGTH = 2000;

/** How often the SPA reloads the remote configuration. */
export const REMOTE_CONFIG_TTL_SECONDS = 3600;

/**
 * What the SPA reads at start: every key with its value, the company's override applied when the
 * caller is signed in to a company. Public: before sign-in the global values.
 */
export type RemoteConfig = { values: Record<string, ConfigValue>; ttlSeconds: number };

export function isConfigValue(value: unknown): value is ConfigValue {
  return (
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && value.length <= MAX_CONFIG_TEXT_LENGTH)
  );
}

/** `values` of the answer when every key holds a configuration value, else null. */
export function readConfigValues(value: unknown): Record<string, ConfigValue> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return Object.values(value).every(isConfigValue) ? (value as Record<string, ConfigValue>) : null;
}

/** The answer of GET /config, checked as `RemoteConfigSchema` checks it; throws when it is not one. */
export function readRemoteConfig(body: unknown): RemoteConfig {
  if (typeof body === 'object' && body !== null && 'values' in body && 'ttlSeconds' in body) {
    const values = readConfigValues(body.values);
    const { ttlSeconds } = body;
    if (values && typeof ttlSeconds === 'number' && Number.isInteger(ttlSeconds))
      return { values, ttlSeconds };
  }
  throw new TypeError('Ответ /config не похож на настройки приложения');
}

/**
 * Keys the product ships with (seeded, editable by the super admin):
 * - `app.versionCheckMinutes` (number): how often the SPA looks for a new build;
 * - `app.maintenanceBanner` (string): a banner shown to everyone while not empty;
 * - `features.comments` (boolean, company-overridable): comments on days and checks;
 * - `analytics.enabled` (boolean): product events are recorded at all.
 */
export const defaultRemoteConfig = {
  'app.versionCheckMinutes': 5,
  'app.maintenanceBanner': '',
  'features.comments': true,
  'analytics.enabled': true,
} as const satisfies Record<string, ConfigValue>;
