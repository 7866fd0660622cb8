import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as KioskRoute } from './kiosk-route.tsx';

const stored = {
  token: `smkk_${'a'.repeat(43)}`,
  qrSecret: 'secret',
  deviceId: 3,
  title: 'Планшет у проходной',
  branchTitle: 'Склад на Лесной',
  timezone: 'Europe/Moscow',
  companyName: 'ООО Ромашка',
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('/kiosk', () => {
  it('asks for the pairing code when the device is not paired', () => {
    render(<KioskRoute />);
    expect(screen.getByText('Подключение киоска')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Код подключения' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the branch, its QR and the PIN button, reporting with its own credential', async () => {
    localStorage.setItem('smena-kiosk', JSON.stringify(stored));
    fetchMock.mockResolvedValue(
      json(200, { ...stored, branchId: 1, serverTime: new Date().toISOString() }),
    );
    render(<KioskRoute />);
    expect(screen.getByText('Склад на Лесной')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ввести PIN' })).toBeTruthy();
    expect(await screen.findByText(/Код обновится через \d+ с/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/kiosk/state');
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Kiosk ${stored.token}`);
  });

  it('forgets a revoked device and goes back to pairing with the reason', async () => {
    localStorage.setItem('smena-kiosk', JSON.stringify(stored));
    fetchMock.mockResolvedValue(
      json(401, {
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: 'Киоск отключён администратором',
      }),
    );
    render(<KioskRoute />);
    expect(await screen.findByText('Киоск отключён администратором')).toBeTruthy();
    expect(screen.getByText('Подключение киоска')).toBeTruthy();
    expect(localStorage.getItem('smena-kiosk')).toBeNull();
  });
});
