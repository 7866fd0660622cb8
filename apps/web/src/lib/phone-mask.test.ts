import { describe, expect, it } from 'vitest';
import {
  caretAfterFormat,
  changePhoneCode,
  detectPhoneCode,
  formatPhone,
  isPhoneComplete,
  phonePlaceholder,
  toE164,
} from './phone-mask.ts';

describe('phone mask', () => {
  it('formats a Russian number as it is typed', () => {
    expect(formatPhone('9', '+7')).toBe('+7 (9');
    expect(formatPhone('999', '+7')).toBe('+7 (999');
    expect(formatPhone('9991', '+7')).toBe('+7 (999) 1');
    expect(formatPhone('9991234567', '+7')).toBe('+7 (999) 123-45-67');
    expect(formatPhone('+7 (999) 123-45-678', '+7')).toBe('+7 (999) 123-45-67');
  });

  it('accepts pasted numbers in E.164 and the domestic 8 prefix', () => {
    expect(formatPhone('+79991234567', '+7')).toBe('+7 (999) 123-45-67');
    expect(formatPhone('89991234567', '+7')).toBe('+7 (999) 123-45-67');
    expect(formatPhone('+375291234567', '+375')).toBe('+375 (29) 123-45-67');
  });

  it('lets the person erase the number and type the country code', () => {
    expect(formatPhone('+7 (', '+7')).toBe('+7');
    expect(formatPhone('+', '+7')).toBe('+');
    expect(formatPhone('+37', '+375')).toBe('+37');
    expect(formatPhone('', '+7')).toBe('');
  });

  it('shows the mask as a placeholder and knows when the number is complete', () => {
    expect(phonePlaceholder('+7')).toBe('+7 (___) ___-__-__');
    expect(isPhoneComplete('+7 (999) 123-45-6', '+7')).toBe(false);
    expect(isPhoneComplete('+7 (999) 123-45-67', '+7')).toBe(true);
  });

  it('gives the API E.164 and keeps digits when the country changes', () => {
    expect(toE164('+7 (999) 123-45-67', '+7')).toBe('+79991234567');
    expect(changePhoneCode('+7 (999) 123-45-67', '+7', '+375')).toBe('+375 (99) 912-34-56');
  });

  it('finds the calling code of a stored number, the longest first', () => {
    expect(detectPhoneCode('+375291234567', ['+7', '+375', '+3'])).toBe('+375');
    expect(detectPhoneCode('+79991234567', ['+7', '+375'])).toBe('+7');
    expect(detectPhoneCode(null, ['+7'])).toBeNull();
  });

  it('keeps the caret after the same digit when reformatting', () => {
    // Typed "5" in the middle of "+7 (999) 12" → raw "+7 (999) 1|52" with the caret after 5.
    const raw = '+7 (999) 152';
    const formatted = formatPhone(raw, '+7');
    expect(formatted).toBe('+7 (999) 152');
    expect(caretAfterFormat(raw, 11, formatted, '+7')).toBe(11);
    expect(caretAfterFormat('9', 1, '+7 (9', '+7')).toBe(5);
  });
});
