/**
 * Phone masks by country calling code: `+7 (999) 123-45-67`. `#` is a digit of the national number.
 * Countries without a known pattern get digits in groups of three, up to E.164's 15 digits.
 */
const NATIONAL_MASKS: Record<string, string> = {
  '7': '(###) ###-##-##', // Russia, Kazakhstan
  '375': '(##) ###-##-##', // Belarus
  '380': '(##) ###-##-##', // Ukraine
  '998': '(##) ###-##-##', // Uzbekistan
  '992': '(##) ###-##-##', // Tajikistan
  '994': '(##) ###-##-##', // Azerbaijan
  '996': '(###) ###-###', // Kyrgyzstan
  '995': '(###) ##-##-##', // Georgia
  '374': '(##) ###-###', // Armenia
  '373': '(##) ###-###', // Moldova
  '993': '(##) ##-##-##', // Turkmenistan
};

export const DEFAULT_PHONE_CODE = '+7';

function codeDigits(phoneCode: string): string {
  return phoneCode.replace(/\D/g, '');
}

function genericMask(code: string): string {
  const length = Math.max(4, 15 - code.length);
  let mask = '';
  for (let i = 0; i < length; i += 1) {
    if (i > 0 && i % 3 === 0) mask += ' ';
    mask += '#';
  }
  return mask;
}

export function nationalMask(phoneCode: string): string {
  const code = codeDigits(phoneCode);
  return NATIONAL_MASKS[code] ?? genericMask(code);
}

export function hasKnownMask(phoneCode: string): boolean {
  return codeDigits(phoneCode) in NATIONAL_MASKS;
}

function maskLength(mask: string): number {
  return mask.split('').filter((char) => char === '#').length;
}

/** `+7 (___) ___-__-__`: the mask as a placeholder. */
export function phonePlaceholder(phoneCode: string): string {
  return `+${codeDigits(phoneCode)} ${nationalMask(phoneCode).replace(/#/g, '_')}`;
}

/** The national digits of whatever was typed or pasted, the country code removed. */
export function nationalDigits(raw: string, phoneCode: string): string {
  const code = codeDigits(phoneCode);
  const limit = maskLength(nationalMask(phoneCode));
  const trimmed = raw.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    if (digits.startsWith(code)) digits = digits.slice(code.length);
  } else if (digits.length > limit && digits.startsWith(code)) {
    digits = digits.slice(code.length);
  } else if (code === '7' && digits.length === limit + 1 && digits.startsWith('8')) {
    // A Russian number typed the domestic way: 8 999 123-45-67.
    digits = digits.slice(1);
  }
  return digits.slice(0, limit);
}

/** Formats national digits with the country's mask, stopping after the last digit. */
export function formatNational(digits: string, phoneCode: string): string {
  const code = codeDigits(phoneCode);
  if (!digits) return '';
  const mask = nationalMask(phoneCode);
  let out = '';
  let index = 0;
  for (const char of mask) {
    if (index >= digits.length) break;
    if (char === '#') {
      out += digits[index];
      index += 1;
    } else {
      out += char;
    }
  }
  return `+${code} ${out}`;
}

/** Formats any phone text (typed, pasted or E.164 from the API) for the input. */
export function formatPhone(raw: string | null | undefined, phoneCode: string): string {
  if (!raw) return '';
  const trimmed = raw.trim();
  const typed = trimmed.replace(/\D/g, '');
  // Still typing the country code itself: keep `+`, `+3`, `+37`, `+375` as they are.
  if (trimmed.startsWith('+') && codeDigits(phoneCode).startsWith(typed)) return `+${typed}`;
  return formatNational(nationalDigits(raw, phoneCode), phoneCode);
}

/** Every digit the mask asks for is there (countries without a pattern: at least 6). */
export function isPhoneComplete(raw: string | null | undefined, phoneCode: string): boolean {
  if (!raw) return false;
  const digits = nationalDigits(raw, phoneCode);
  return hasKnownMask(phoneCode)
    ? digits.length === maskLength(nationalMask(phoneCode))
    : digits.length >= 6;
}

/** `+79991234567` for the API. */
export function toE164(raw: string, phoneCode: string): string {
  return `+${codeDigits(phoneCode)}${nationalDigits(raw, phoneCode)}`;
}

/** Keeps the national digits when the country (and so the code) changes. */
export function changePhoneCode(
  raw: string | null | undefined,
  fromCode: string,
  toCode: string,
): string {
  if (!raw) return '';
  return formatNational(
    nationalDigits(raw, fromCode).slice(0, maskLength(nationalMask(toCode))),
    toCode,
  );
}

/** The calling code among `codes` that the E.164 number starts with (the longest match wins). */
export function detectPhoneCode(
  phone: string | null | undefined,
  codes: readonly string[],
): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  let best: string | null = null;
  for (const code of codes) {
    const plain = codeDigits(code);
    if (plain && digits.startsWith(plain) && (!best || plain.length > codeDigits(best).length))
      best = code;
  }
  return best;
}

/**
 * Where the caret goes after reformatting: after as many digits as were before it in the raw text
 * (the country code's digits are counted as if they had been typed).
 */
export function caretAfterFormat(
  raw: string,
  caret: number,
  formatted: string,
  phoneCode: string,
): number {
  const code = codeDigits(phoneCode);
  const typedCode = raw.trim().startsWith('+');
  let digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
  if (!typedCode) digitsBefore += code.length;
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i] ?? '')) {
      seen += 1;
      if (seen === digitsBefore) return i + 1;
    }
  }
  return formatted.length;
}
