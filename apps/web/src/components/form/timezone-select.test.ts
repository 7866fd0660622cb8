import { describe, expect, it } from 'vitest';
import { formatUtcOffset, timezoneGroups, timezoneLabel } from './timezone-select.tsx';

const winter = new Date('2025-01-15T12:00:00Z');

describe('timezone labels', () => {
  it('names Russia’s zones by their city with the UTC offset', () => {
    expect(timezoneLabel('Europe/Moscow', winter)).toBe('Москва (UTC+3)');
    expect(timezoneLabel('Asia/Yekaterinburg', winter)).toBe('Екатеринбург (UTC+5)');
  });

  it('shows other zones by their IANA name', () => {
    expect(timezoneLabel('America/New_York', winter)).toBe('America/New York (UTC−5)');
    expect(timezoneLabel('Asia/Kolkata', winter)).toBe('Asia/Kolkata (UTC+5:30)');
  });

  it('writes a zero offset as plain UTC', () => {
    expect(formatUtcOffset(0)).toBe('UTC');
  });
});

describe('timezoneGroups', () => {
  it('puts Russia first, west to east, and the rest after', () => {
    const [russia, others] = timezoneGroups(null, winter);
    expect(russia?.label).toBe('Россия');
    expect(russia?.options.slice(0, 2).map((option) => option.value)).toEqual([
      'Europe/Kaliningrad',
      'Europe/Moscow',
    ]);
    expect(russia?.options.at(-1)?.value).toBe('Asia/Anadyr');
    expect(others?.options.some((option) => option.value === 'Europe/Berlin')).toBe(true);
    expect(others?.options.some((option) => option.value === 'Europe/Moscow')).toBe(false);
  });

  it('keeps the current value even when the runtime lists it under another name', () => {
    const [, others] = timezoneGroups('Europe/Kiev', winter);
    expect(others?.options.some((option) => option.value === 'Europe/Kiev')).toBe(true);
  });
});
