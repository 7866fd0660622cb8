import { Input, type InputRef } from 'antd';
import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { caretAfterFormat, formatPhone, phonePlaceholder } from '../../lib/phone-mask.ts';

type PhoneInputProps = {
  /** Country calling code that picks the mask, e.g. `+7`. */
  phoneCode: string;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  size?: 'small' | 'middle' | 'large';
  'aria-invalid'?: boolean;
};

/** A phone field with the country's mask (`+7 (999) 123-45-67`); works inside antd Form.Item. */
export function PhoneInput({ phoneCode, value, onChange, ...rest }: PhoneInputProps) {
  const inputRef = useRef<InputRef>(null);
  const [caret, setCaret] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = inputRef.current?.input;
    if (caret === null || !element || document.activeElement !== element) return;
    element.setSelectionRange(caret, caret);
  }, [caret, value]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const formatted = formatPhone(raw, phoneCode);
    const position = event.target.selectionStart ?? raw.length;
    setCaret(
      position >= raw.length
        ? formatted.length
        : caretAfterFormat(raw, position, formatted, phoneCode),
    );
    onChange?.(formatted);
  };

  return (
    <Input
      {...rest}
      ref={inputRef}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={phonePlaceholder(phoneCode)}
      value={value ?? ''}
      onChange={handleChange}
    />
  );
}
