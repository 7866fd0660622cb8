import type { AvailabilityMark } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AvailabilityEditor, toAvailabilityInput } from './availability-editor.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const fetchMock = vi.fn<typeof fetch>();
let answer: () => Response;

/** Thursday 2026-11-26; the employee may mark up to 2027-01-31. */
const TODAY = '2026-11-26';
const LAST = '2027-01-31';

function renderEditor(marks: AvailabilityMark[] = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <AvailabilityEditor open onClose={vi.fn()} today={TODAY} lastDate={LAST} marks={marks} />
      </App>
    </QueryClientProvider>,
  );
}

function day(date: string) {
  return screen.getByRole('button', { name: new RegExp(`^${date},`) });
}

function sent() {
  const [url, init] = fetchMock.mock.calls[0]!;
  return {
    url: String(url),
    method: init?.method,
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  };
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  answer = () => new Response(JSON.stringify({}), { status: 200 });
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('toAvailabilityInput', () => {
  it('sends the hours only for part of the day, and a comment only when written', () => {
    expect(
      toAvailabilityInput('2026-12-01', {
        kind: 'UNAVAILABLE',
        partOfDay: false,
        start: '10:00',
        end: '12:00',
        comment: '  ',
      }),
    ).toEqual({ date: '2026-12-01', kind: 'UNAVAILABLE' });
    expect(
      toAvailabilityInput('2026-12-01', {
        kind: 'PREFER_NOT',
        partOfDay: true,
        start: '9.00',
        end: '1300',
        comment: ' Врач ',
      }),
    ).toEqual({
      date: '2026-12-01',
      kind: 'PREFER_NOT',
      start: '09:00',
      end: '13:00',
      comment: 'Врач',
    });
  });
});

describe('AvailabilityEditor', { timeout: 60_000 }, () => {
  it('shows the week from Monday: past dates closed, marks in the labels', () => {
    renderEditor([
      { date: '2026-11-28', kind: 'PREFER_NOT', start: null, end: null, comment: 'Дача' },
    ]);
    expect(screen.getByText('2026-11-23 — 2026-11-29')).toBeTruthy();
    expect((day('2026-11-25') as HTMLButtonElement).disabled).toBe(true);
    expect((day('2026-11-26') as HTMLButtonElement).disabled).toBe(false);
    expect(day('2026-11-28').getAttribute('aria-label')).toBe(
      '2026-11-28, сб: Хотел бы не работать: Дача',
    );
    expect(
      (screen.getByRole('button', { name: 'Предыдущая неделя' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Следующая неделя' }));
    expect(screen.getByText('2026-11-30 — 2026-12-06')).toBeTruthy();
  });

  it('marks a date «Не могу» for some hours with a comment', async () => {
    renderEditor();
    fireEvent.click(day('2026-11-27'));
    const form = screen.getByRole('form', { name: 'Отметка на 2026-11-27' });
    fireEvent.click(within(form).getByRole('switch'));
    fireEvent.change(await within(form).findByLabelText('С'), { target: { value: '10:00' } });
    fireEvent.change(within(form).getByLabelText('До'), { target: { value: '14:00' } });
    fireEvent.change(within(form).getByLabelText('Комментарий'), {
      target: { value: 'К врачу' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent()).toEqual({
      url: '/api/v1/availability',
      method: 'PUT',
      body: {
        date: '2026-11-27',
        kind: 'UNAVAILABLE',
        start: '10:00',
        end: '14:00',
        comment: 'К врачу',
      },
    });
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  });

  it('refuses an end before the start before sending, under the field', async () => {
    renderEditor();
    fireEvent.click(day('2026-11-27'));
    const form = screen.getByRole('form', { name: 'Отметка на 2026-11-27' });
    fireEvent.click(within(form).getByRole('switch'));
    fireEvent.change(await within(form).findByLabelText('С'), { target: { value: '14:00' } });
    fireEvent.change(within(form).getByLabelText('До'), { target: { value: '10:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText('Конец должен быть позже начала')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s field error under the field', async () => {
    answer = () =>
      new Response(
        JSON.stringify({
          statusCode: 422,
          code: 'VALIDATION_ERROR',
          message: 'Прошедшую дату не отметить',
          details: [{ field: 'date', message: 'Прошедшую дату не отметить' }],
        }),
        { status: 422 },
      );
    renderEditor();
    fireEvent.click(day('2026-11-26'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Прошедшую дату не отметить')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Отметка на 2026-11-26' })).toBeTruthy();
  });

  it('removes a mark after «Вы уверены?»', async () => {
    renderEditor([
      { date: '2026-11-29', kind: 'UNAVAILABLE', start: null, end: null, comment: '' },
    ]);
    fireEvent.click(day('2026-11-29'));
    fireEvent.click(screen.getByRole('button', { name: 'Убрать отметку' }));
    expect(fetchMock).not.toHaveBeenCalled();
    const confirm = (await screen.findByText('Вы уверены?')).closest('.ant-popover');
    fireEvent.click(within(confirm as HTMLElement).getByRole('button', { name: 'Убрать' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent()).toMatchObject({ url: '/api/v1/availability?date=2026-11-29', method: 'DELETE' });
  });
});
