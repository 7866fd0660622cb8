import { describe, expect, it } from 'vitest';
import { monthIn, weekLabel, weekTooltip } from './admin-dashboard-format.ts';

describe('admin dashboard format', () => {
  it('names the UTC month of an instant', () => {
    expect(monthIn('2026-11-30T23:30:00.000Z')).toBe('в ноябре');
    expect(monthIn('2026-03-01T00:10:00+03:00')).toBe('в феврале');
  });

  it('writes a week short on the axis and whole in the tooltip', () => {
    expect(weekLabel('2026-11-16')).toBe('16.11');
    expect(weekTooltip('2026-11-16')).toBe('Неделя с 2026-11-16');
  });
});
