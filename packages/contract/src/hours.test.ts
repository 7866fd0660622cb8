import { describe, expect, it } from 'vitest';
import { formatHoursMinutes, parseHoursMinutes } from './hours.ts';

describe('hours as «Ч:ММ»', () => {
  it('writes whole hours, minutes and long totals exactly', () => {
    expect(formatHoursMinutes(450)).toBe('7:30');
    expect(formatHoursMinutes(480)).toBe('8:00');
    expect(formatHoursMinutes(500)).toBe('8:20');
    expect(formatHoursMinutes(5)).toBe('0:05');
    expect(formatHoursMinutes(0)).toBe('0:00');
    expect(formatHoursMinutes(4000)).toBe('66:40');
    expect(formatHoursMinutes(100_020)).toBe('1667:00');
    expect(formatHoursMinutes(-90)).toBe('-1:30');
    expect(formatHoursMinutes(59.6)).toBe('1:00');
  });

  it('reads back what it writes, and nothing else', () => {
    for (const minutes of [0, 1, 59, 60, 450, 4000, 100_020, -90])
      expect(parseHoursMinutes(formatHoursMinutes(minutes))).toBe(minutes);
    expect(parseHoursMinutes('7,5')).toBeNull();
    expect(parseHoursMinutes('7:60')).toBeNull();
    expect(parseHoursMinutes('7:5')).toBeNull();
  });

  it('keeps a total equal to the sum of its printed parts', () => {
    const cells = [...Array.from({ length: 8 }, () => 500), 460];
    const total = cells.reduce((sum, minutes) => sum + minutes, 0);
    const printed = cells.map(formatHoursMinutes).map((text) => parseHoursMinutes(text)!);
    expect(formatHoursMinutes(total)).toBe('74:20');
    expect(printed.reduce((sum, minutes) => sum + minutes, 0)).toBe(total);
  });
});
