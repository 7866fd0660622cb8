import { describe, expect, it } from 'vitest';
import { formatDuration } from './durations.ts';

describe('formatDuration', () => {
  it('writes durations the Russian way', () => {
    expect(formatDuration(0)).toBe('0 мин');
    expect(formatDuration(45)).toBe('45 мин');
    expect(formatDuration(480)).toBe('8 ч');
    expect(formatDuration(465)).toBe('7 ч 45 мин');
    expect(formatDuration(-5)).toBe('0 мин');
  });
});
