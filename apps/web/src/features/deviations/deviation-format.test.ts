import { describe, expect, it } from 'vitest';
import { describeAmount, deviationsLabel } from './deviation-format.ts';

describe('deviation format', () => {
  it('says what each type amounts to', () => {
    expect(describeAmount({ type: 'LATE', amount: 75 })).toBe('на 1 ч 15 мин');
    expect(describeAmount({ type: 'OVERTIME', amount: 120 })).toBe('2 ч');
    expect(describeAmount({ type: 'OUTSIDE_ZONE', amount: 412 })).toBe('412 м от зоны');
    expect(describeAmount({ type: 'MANUAL_CORRECTION', amount: 2 })).toBe('правок: 2');
    expect(describeAmount({ type: 'ABSENCE', amount: null })).toBe('');
  });

  it('counts in Russian', () => {
    expect(deviationsLabel(1)).toBe('1 отклонение');
    expect(deviationsLabel(3)).toBe('3 отклонения');
    expect(deviationsLabel(11)).toBe('11 отклонений');
    expect(deviationsLabel(22)).toBe('22 отклонения');
  });
});
