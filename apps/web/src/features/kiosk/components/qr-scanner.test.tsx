import { signKioskQr } from '@smena/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QrScanner } from './qr-scanner.tsx';

afterEach(cleanup);

const field = () => screen.getByRole('textbox', { name: 'Код с экрана киоска' });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));

describe('QrScanner', () => {
  it('says when the camera cannot be used and takes the code typed by hand', async () => {
    const onPayload = vi.fn();
    render(<QrScanner paused={false} onPayload={onPayload} />);
    expect(await screen.findByText(/введите код вручную/)).toBeTruthy();
    const payload = await signKioskQr('secret', 12, 59_833_000);
    fireEvent.change(field(), { target: { value: `  ${payload}  ` } });
    send();
    expect(onPayload).toHaveBeenCalledWith(payload);
  });

  it('refuses text that is not a kiosk’s code without sending it', () => {
    const onPayload = vi.fn();
    render(<QrScanner paused={false} onPayload={onPayload} />);
    fireEvent.change(field(), { target: { value: 'https://example.ru' } });
    send();
    expect(onPayload).not.toHaveBeenCalled();
    expect(screen.getByText(/^Это не QR-код киоска/)).toBeTruthy();
  });

  it('takes nothing while paused', () => {
    render(<QrScanner paused onPayload={vi.fn()} />);
    expect(field().hasAttribute('disabled')).toBe(true);
  });
});
