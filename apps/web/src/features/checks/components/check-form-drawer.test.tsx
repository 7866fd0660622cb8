import type { Check } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckFormDrawer, instantsOf } from './check-form-drawer.tsx';

const ZONE = 'Europe/Moscow';

const check: Check = {
  id: 41,
  employeeId: 7,
  employeeName: 'Орлова Вера',
  branchId: 3,
  branchTitle: 'Центральный',
  checkInDateTime: '2026-05-04T06:12:37.000Z',
  checkOutDateTime: '2026-05-04T15:00:00.000Z',
  source: 'WEB',
  autoClosed: false,
  checkInLocation: null,
  checkOutLocation: null,
  device: '',
  signals: [],
  photos: [],
  createdAt: '2026-05-04T06:12:37.000Z',
  updatedAt: '2026-05-04T06:12:37.000Z',
};

const branches = [{ id: 3, title: 'Центральный', timezone: ZONE, active: true }];
const fetchMock = vi.fn<typeof fetch>();

// antd's pickers measure themselves; jsdom has no ResizeObserver.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function renderForm(onClose = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <CheckFormDrawer
          open
          check={check}
          branches={branches}
          zoneOf={() => ZONE}
          onClose={onClose}
        />
      </App>
    </QueryClientProvider>,
  );
  return onClose;
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  fetchMock.mockReset();
  fetchMock.mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify(check), { status: 200 })),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('check correction form', { timeout: 60_000 }, () => {
  it('requires a reason and sends nothing without one', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Укажите причину')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the reason, and leaves the untouched times as they are', async () => {
    const onClose = renderForm();
    fireEvent.change(screen.getByLabelText('Причина исправления'), {
      target: { value: '  Забыл отметить уход, подтвердил начальник смены ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/checks/41');
    expect(init!.method).toBe('PATCH');
    expect(JSON.parse(String(init!.body))).toEqual({
      reason: 'Забыл отметить уход, подтвердил начальник смены',
    });
  });

  it('reads wall times in the branch zone and a check-out before the check-in as the next day', () => {
    const instants = instantsOf(
      {
        date: dayjs('2026-05-04'),
        checkIn: dayjs('2026-05-04 22:00'),
        checkOut: dayjs('2026-05-04 06:00'),
      },
      ZONE,
    );
    expect(instants).toEqual({
      checkIn: '2026-05-04T22:00:00+03:00',
      checkOut: '2026-05-05T06:00:00+03:00',
      outNextDay: true,
    });
  });
});
