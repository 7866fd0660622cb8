import { describe, expect, it } from 'vitest';
import { displayPhone } from './phone-display.ts';

describe('phones for reading', () => {
  it('formats numbers of the known countries with their mask', () => {
    expect(displayPhone('+79991234567')).toBe('+7 (999) 123-45-67');
    expect(displayPhone('+375291234567')).toBe('+375 (29) 123-45-67');
    expect(displayPhone('+998901234567')).toBe('+998 (90) 123-45-67');
  });

  it('leaves other numbers as they are', () => {
    expect(displayPhone('+4915112345678')).toBe('+4915112345678');
  });
});
