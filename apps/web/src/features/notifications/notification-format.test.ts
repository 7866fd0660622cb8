import { describe, expect, it } from 'vitest';
import { appPath, bellLabel, formatRelativeTime } from './notification-format.ts';

const now = Date.parse('2026-05-04T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatRelativeTime', () => {
  it('counts minutes and hours within a day, then shows the date as yyyy-MM-dd', () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe('только что');
    expect(formatRelativeTime(ago(-5_000), now)).toBe('только что');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5 мин назад');
    expect(formatRelativeTime(ago(59 * 60_000 + 59_000), now)).toBe('59 мин назад');
    expect(formatRelativeTime(ago(3 * 3_600_000 + 10), now)).toBe('3 ч назад');
    expect(formatRelativeTime(ago(25 * 3_600_000), now)).toMatch(/^2026-05-0[23]$/);
  });
});

describe('bellLabel', () => {
  it('tells the unread count in Russian', () => {
    expect(bellLabel(0)).toBe('Уведомления');
    expect(bellLabel(1)).toBe('Уведомления: 1 непрочитанное');
    expect(bellLabel(3)).toBe('Уведомления: 3 непрочитанных');
    expect(bellLabel(11)).toBe('Уведомления: 11 непрочитанных');
  });
});

describe('appPath', () => {
  it('follows only the app’s own paths', () => {
    expect(appPath('/company/employees/5?tab=comments')).toBe('/company/employees/5?tab=comments');
    expect(appPath('https://evil.example')).toBeNull();
    expect(appPath('//evil.example')).toBeNull();
  });
});
