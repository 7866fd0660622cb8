import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DayOffFormDrawer, toDayOffInput, typesForScope } from './day-off-form-drawer.tsx';
import { RequestDayOffModal } from './request-day-off-modal.tsx';

// antd's lists measure themselves; jsdom has no ResizeObserver.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function wrap(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>{children}</App>
    </QueryClientProvider>,
  );
}

/** Opens the antd select labelled `label` and returns the texts of its options. */
function optionsOf(label: string): string[] {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const popups = document.querySelectorAll<HTMLElement>(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  );
  const popup = popups[popups.length - 1];
  if (!popup) throw new Error(`No open list for ${label}`);
  return [...popup.querySelectorAll('.ant-select-item-option-content')].map(
    (option) => option.textContent ?? '',
  );
}

function pick(label: string, option: string) {
  optionsOf(label);
  const popups = document.querySelectorAll<HTMLElement>(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  );
  const popup = popups[popups.length - 1]!;
  const item = [...popup.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
    (element) => element.textContent === option,
  );
  if (!item) throw new Error(`No option ${option} in ${label}`);
  fireEvent.click(item);
}

function typeDate(placeholder: string, value: string) {
  const input = screen.getByPlaceholderText(placeholder);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('/api/v1/employees'))
      return Promise.resolve(
        new Response(JSON.stringify({ items: [], total: 0, page: 1, limit: 50 }), { status: 200 }),
      );
    return Promise.resolve(new Response(JSON.stringify({ id: 1 }), { status: 201 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('day-off form: for whom', { timeout: 60_000 }, () => {
  it('offers every type for an employee and only holidays and weekends for the whole company', async () => {
    wrap(<DayOffFormDrawer open onClose={() => undefined} />);

    expect(screen.getByRole('combobox', { name: 'Сотрудник' })).toBeTruthy();
    expect(optionsOf('Тип')).toEqual(['Отпуск', 'Больничный', 'Праздник', 'Отгул', 'Выходной']);
    fireEvent.keyDown(screen.getByLabelText('Тип'), { key: 'Escape' });

    fireEvent.click(screen.getByLabelText('Вся компания'));

    // «Отпуск» does not fit the whole company: the type moves to «Праздник».
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Сотрудник' })).toBeNull(), {
      timeout: 5000,
    });
    expect(optionsOf('Тип')).toEqual(['Праздник', 'Выходной']);
    expect(
      document.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent,
    ).toContain('Праздник');
  });

  it('sends null as the employee for the whole company', () => {
    expect(typesForScope('COMPANY')).toEqual(['HOLIDAY', 'WEEKEND']);
    expect(
      toDayOffInput({
        scope: 'COMPANY',
        employeeId: 5,
        type: 'HOLIDAY',
        period: null,
        comment: ' День города ',
      }),
    ).toMatchObject({ employeeId: null, type: 'HOLIDAY', comment: 'День города' });
  });
});

describe('employee request form', { timeout: 60_000 }, () => {
  it('posts the type, dates and comment to /weekends/request', async () => {
    const onClose = vi.fn();
    wrap(<RequestDayOffModal open onClose={onClose} />);

    expect(optionsOf('Тип')).toEqual(['Отпуск', 'Отгул', 'Больничный']);
    pick('Тип', 'Отгул');
    typeDate('Начало', '2026-07-01');
    typeDate('Окончание', '2026-07-03');
    fireEvent.change(screen.getByLabelText('Комментарий'), {
      target: { value: '  Семейные обстоятельства ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/weekends/request');
    expect(call).toBeTruthy();
    expect(call![1]!.method).toBe('POST');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      type: 'DISMISSED',
      from: '2026-07-01',
      to: '2026-07-03',
      comment: 'Семейные обстоятельства',
    });
  });

  it('refuses dates typed the wrong way round instead of swapping them', async () => {
    wrap(<RequestDayOffModal open onClose={vi.fn()} />);
    pick('Тип', 'Отгул');
    typeDate('Начало', '2026-07-10');
    typeDate('Окончание', '2026-07-03');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));

    expect(
      await screen.findByText('Окончание раньше начала: проверьте даты', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect((screen.getByPlaceholderText('Начало') as HTMLInputElement).value).toBe('2026-07-10');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/weekends/request')).toBe(false);
  });

  it("shows the server's overlap message under the dates", async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            statusCode: 409,
            code: 'CONFLICT',
            message: 'Пересекается с другим отсутствием: Отпуск 2026-06-28 — 2026-07-02',
          }),
          { status: 409 },
        ),
      ),
    );
    wrap(<RequestDayOffModal open onClose={() => undefined} />);
    typeDate('Начало', '2026-07-01');
    typeDate('Окончание', '2026-07-03');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));

    expect(
      await screen.findByText('Пересекается с другим отсутствием: Отпуск 2026-06-28 — 2026-07-02'),
    ).toBeTruthy();
  });
});
