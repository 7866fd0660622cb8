import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PinKeypad } from './pin-keypad.tsx';

afterEach(cleanup);

const press = (...keys: string[]) => {
  for (const key of keys) fireEvent.click(screen.getByRole('button', { name: key }));
};
const display = () => screen.getByTestId('kiosk-keypad-display').textContent;

describe('PinKeypad', () => {
  it('takes the personnel number, then the PIN as dots, and submits both', () => {
    const onSubmit = vi.fn();
    render(<PinKeypad busy={false} error={null} onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(screen.getByText('Введите табельный номер')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Далее' }).hasAttribute('disabled')).toBe(true);
    press('1', '0', '4', '2');
    expect(display()).toBe('1042');
    press('Стереть');
    expect(display()).toBe('104');
    press('Далее');
    expect(screen.getByText('Введите PIN')).toBeTruthy();
    press('4', '9', '2');
    expect(display()).toBe('•••');
    expect(screen.getByRole('button', { name: 'Отметиться' }).hasAttribute('disabled')).toBe(true);
    press('7', 'Отметиться');
    expect(onSubmit).toHaveBeenCalledWith({ personnelNumber: '104', pin: '4927' });
    expect(display()).not.toContain('•');
  });

  it('stops the PIN at six digits and goes back to the number', () => {
    const onSubmit = vi.fn();
    render(<PinKeypad busy={false} error={null} onSubmit={onSubmit} onCancel={vi.fn()} />);
    press('7', 'Далее', '1', '2', '3', '4', '5', '6', '7', '8');
    expect(display()).toBe('••••••');
    press('Назад');
    expect(display()).toBe('7');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the refusal and leaves on «Отмена»', () => {
    const onCancel = vi.fn();
    render(
      <PinKeypad
        busy={false}
        error="Неверный табельный номер или PIN"
        onSubmit={vi.fn()}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Неверный табельный номер или PIN');
    press('Отмена');
    expect(onCancel).toHaveBeenCalled();
  });

  it('takes no digits while a punch is being sent', () => {
    render(<PinKeypad busy error={null} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    press('5');
    expect(display()).not.toContain('5');
  });
});
