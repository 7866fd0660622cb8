import { detectPhoneCode, formatPhone } from './phone-mask.ts';

/** Calling codes with a known mask (see phone-mask.ts). */
const KNOWN_CODES = [
  '+7',
  '+373',
  '+374',
  '+375',
  '+380',
  '+992',
  '+993',
  '+994',
  '+995',
  '+996',
  '+998',
];

/** `+79991234567` → `+7 (999) 123-45-67` for reading; a number of another country stays as it is. */
export function displayPhone(phone: string): string {
  const code = detectPhoneCode(phone, KNOWN_CODES);
  return code ? formatPhone(phone, code) : phone;
}
