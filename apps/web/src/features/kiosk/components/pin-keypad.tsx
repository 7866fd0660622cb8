import { useState } from 'react';

type Step = 'number' | 'pin';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
const NUMBER_MAX = 12;
const PIN_MIN = 4;
const PIN_MAX = 6;

/**
 * The kiosk's keypad: the personnel number first, then the PIN (shown as dots). Large keys that a
 * gloved finger hits; «Стереть» removes the last digit, «Назад» returns to the number.
 */
export function PinKeypad({
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  /** The server's refusal of the last try («Неверный табельный номер или PIN»). */
  error: string | null;
  onSubmit: (input: { personnelNumber: string; pin: string }) => void;
  onCancel: () => void;
}) {
  const [step, setStep] = useState<Step>('number');
  const [personnelNumber, setPersonnelNumber] = useState('');
  const [pin, setPin] = useState('');

  const value = step === 'number' ? personnelNumber : pin;
  const setValue = step === 'number' ? setPersonnelNumber : setPin;
  const max = step === 'number' ? NUMBER_MAX : PIN_MAX;
  const ready = step === 'number' ? personnelNumber.length > 0 : pin.length >= PIN_MIN;

  const press = (digit: string) => {
    if (busy || value.length >= max) return;
    setValue(value + digit);
  };
  const erase = () => setValue(value.slice(0, -1));
  const next = () => {
    if (!ready || busy) return;
    if (step === 'number') {
      setStep('pin');
      setPin('');
    } else {
      onSubmit({ personnelNumber, pin });
      setPin('');
    }
  };
  const back = () => {
    if (step === 'pin') {
      setStep('number');
      setPin('');
    } else {
      onCancel();
    }
  };

  return (
    <div className="smena-kiosk-keypad" role="group" aria-label="Отметка по PIN">
      <div className="smena-kiosk-keypad__prompt">
        {step === 'number' ? 'Введите табельный номер' : 'Введите PIN'}
      </div>
      <div
        className="smena-kiosk-keypad__display"
        aria-live="polite"
        aria-label={step === 'number' ? 'Табельный номер' : 'PIN'}
        data-testid="kiosk-keypad-display"
      >
        {step === 'number' ? personnelNumber || '\u00a0' : '•'.repeat(pin.length) || '\u00a0'}
      </div>
      {error && (
        <div className="smena-kiosk-keypad__error" role="alert">
          {error}
        </div>
      )}
      <div className="smena-kiosk-keypad__keys">
        {DIGITS.map((digit) => (
          <button key={digit} type="button" onClick={() => press(digit)} disabled={busy}>
            {digit}
          </button>
        ))}
        <button type="button" onClick={erase} disabled={busy || value === ''} aria-label="Стереть">
          ⌫
        </button>
        <button type="button" onClick={() => press('0')} disabled={busy}>
          0
        </button>
        <button
          type="button"
          className="smena-kiosk-keypad__next"
          onClick={next}
          disabled={!ready || busy}
        >
          {step === 'number' ? 'Далее' : busy ? '…' : 'Отметиться'}
        </button>
      </div>
      <button type="button" className="smena-kiosk-keypad__back" onClick={back} disabled={busy}>
        {step === 'number' ? 'Отмена' : 'Назад'}
      </button>
    </div>
  );
}
