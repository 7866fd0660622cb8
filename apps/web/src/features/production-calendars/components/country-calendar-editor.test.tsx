import type { CountryCalendar } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountryCalendarEditor } from './country-calendar-editor.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const norms = Array.from({ length: 12 }, (_, index) => ({
  month: index + 1,
  days: 21,
  hours40: 168,
  hours36: 151.2,
  hours24: 100.8,
}));

function calendar(overrides: Partial<CountryCalendar> = {}): CountryCalendar {
  return {
    country: 'KZ',
    year: 2026,
    stored: false,
    provisional: true,
    source: '',
    holidays: [],
    transferredDaysOff: [],
    workingWeekendDays: [],
    shortenedDays: [],
    norms,
    updatedAt: null,
    ...overrides,
  };
}

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

function renderEditor(props: Partial<Parameters<typeof CountryCalendarEditor>[0]> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <CountryCalendarEditor calendar={calendar()} countryName="Казахстан" {...props} />
      </App>
    </QueryClientProvider>,
  );
}

/** Opens the date's menu and picks `option`. */
async function mark(dateLabel: string, option: RegExp) {
  fireEvent.click(screen.getByRole('button', { name: dateLabel }));
  const menus = await screen.findAllByRole('menu');
  const menu = menus[menus.length - 1]!;
  fireEvent.click(within(menu).getByRole('menuitem', { name: option }));
}

function sentBody(): any {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  if (!call) throw new Error('No PUT was sent');
  return { url: call[0], body: JSON.parse(String(call[1]?.body)) };
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CountryCalendarEditor', { timeout: 60_000 }, () => {
  it('says an empty year is empty and offers last year’s holidays', () => {
    renderEditor({
      previousYear: calendar({
        year: 2025,
        stored: true,
        holidays: ['2025-01-01', '2025-03-08'],
      }),
    });
    expect(screen.getByText('Казахстан, 2026 год: календарь ещё не заполнен')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Взять праздники 2025 года (2)' }));
    expect(
      screen.getByRole('button', { name: '2026-03-08, воскресенье: праздник (не сохранено)' }),
    ).toBeTruthy();
    expect(screen.getByText('Есть несохранённые изменения')).toBeTruthy();
  });

  it('sends the marked dates, the source and the flag with PUT', async () => {
    fetchMock.mockImplementation(() =>
      json(
        200,
        calendar({ stored: true, holidays: ['2026-01-01'], updatedAt: '2026-05-01T10:00:00Z' }),
      ),
    );
    renderEditor();
    const save = screen.getByRole('button', { name: 'Сохранить' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await mark('2026-01-01, четверг: рабочий день', /^Праздник/);
    await mark('2026-01-03, суббота: выходной', /^Сокращённый день/);
    await mark('2026-01-09, пятница: рабочий день', /^Перенесённый выходной/);
    fireEvent.change(screen.getByLabelText('Источник'), {
      target: { value: ' Постановление Правительства РК № 1 ' },
    });
    fireEvent.click(screen.getByLabelText('Предварительный'));

    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    expect(
      screen.getByText('Изменено дат: 3. Компании увидят изменения после сохранения.'),
    ).toBeTruthy();
    fireEvent.click(save);

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const { url, body } = sentBody();
    expect(url).toBe('/api/v1/admin/calendars/KZ/2026');
    expect(body).toEqual({
      provisional: false,
      source: 'Постановление Правительства РК № 1',
      holidays: ['2026-01-01'],
      transferredDaysOff: ['2026-01-09'],
      workingWeekendDays: ['2026-01-03'],
      shortenedDays: ['2026-01-03'],
    });
  });

  it('shows the server’s errors on the dates it refused', async () => {
    fetchMock.mockImplementation(() =>
      json(422, {
        statusCode: 422,
        code: 'VALIDATION_ERROR',
        message: 'Дата не из 2026 года',
        details: [
          { field: 'holidays.1', message: 'Праздник уже отмечен в другом списке' },
          { field: 'source', message: 'Не длиннее 500 символов' },
        ],
      }),
    );
    renderEditor({
      calendar: calendar({
        stored: true,
        holidays: ['2026-01-01'],
        updatedAt: '2026-01-01T00:00:00Z',
      }),
    });
    await mark('2026-01-02, пятница: рабочий день', /^Праздник/);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Исправьте отмеченные даты')).toBeTruthy();
    expect(screen.getByText('2026-01-02 — Праздник уже отмечен в другом списке')).toBeTruthy();
    const date = screen.getByRole('button', {
      name: '2026-01-02, пятница: праздник (не сохранено). Ошибка: Праздник уже отмечен в другом списке',
    });
    expect(date.getAttribute('aria-invalid')).toBe('true');
    // The source's own error appears under its field.
    // (antd shows a field's error after an animation frame: wait for it.)
    expect(await screen.findByText('Не длиннее 500 символов', {}, { timeout: 8000 })).toBeTruthy();
  });
});
