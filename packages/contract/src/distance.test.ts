import { describe, expect, it } from 'vitest';
import { formatDistance } from './distance.ts';

describe('formatDistance', () => {
  it('says metres up to a kilometre, then kilometres with a comma, then whole ones with spaces', () => {
    expect(formatDistance(0)).toBe('0 м');
    expect(formatDistance(380.4)).toBe('380 м');
    expect(formatDistance(999.6)).toBe('1 км');
    expect(formatDistance(2_449)).toBe('2,4 км');
    expect(formatDistance(9_960)).toBe('10 км');
    expect(formatDistance(2_810_577)).toBe('2\u00a0811 км');
  });
});
