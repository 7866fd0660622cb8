import {
  ConfigValueSchema,
  defaultRemoteConfig,
  type ConfigValue,
  type ConfigValueType,
} from '@smena/contract';

export const configTypeLabels: Record<ConfigValueType, string> = {
  boolean: 'Да / нет',
  number: 'Число',
  string: 'Текст',
};

export const configTypeColors: Record<ConfigValueType, string> = {
  boolean: 'blue',
  number: 'purple',
  string: 'gold',
};

/** The keys the app itself reads: they can be changed, not deleted. */
export function isBuiltInKey(key: string): boolean {
  return Object.hasOwn(defaultRemoteConfig, key);
}

/** A value as words: «Включено», «15», «(пусто)». */
export function formatConfigValue(value: ConfigValue): string {
  if (typeof value === 'boolean') return value ? 'Включено' : 'Выключено';
  if (typeof value === 'number') return String(value);
  return value.trim() ? value : '(пусто)';
}

/** What a new value of a type starts as. */
export function emptyValueOf(type: ConfigValueType): ConfigValue {
  if (type === 'boolean') return false;
  if (type === 'number') return 0;
  return '';
}

export const MAX_STRING_VALUE = 2000;

/** Russian reason why `value` cannot be a value of `type`, or null when it can. */
export function valueProblem(type: ConfigValueType, value: unknown): string | null {
  if (type === 'boolean') return typeof value === 'boolean' ? null : 'Выберите «да» или «нет»';
  if (type === 'number') {
    return typeof value === 'number' && Number.isFinite(value) ? null : 'Введите число';
  }
  if (typeof value !== 'string') return 'Введите текст';
  if (value.length > MAX_STRING_VALUE) return `Не длиннее ${MAX_STRING_VALUE} символов`;
  return ConfigValueSchema.safeParse(value).success ? null : 'Некорректное значение';
}
