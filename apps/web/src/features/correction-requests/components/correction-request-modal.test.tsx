import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CorrectionRequestModal,
  normalizeTime,
  toCorrectionInput,
} from './correction-request-modal.tsx';

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

function typeDate(value: string) {
  const input = screen.getByPlaceholderText('Выберите дату');
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const BRANCHES = [
  { id: 7, title: 'Центральный', active: true },
  { id: 8, title: 'Старый склад', active: false },
];

const fetchMock = vi.fn<typeof fetch>();
let answer: () => Response;

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  answer = () => new Response(JSON.stringify({ id: 1 }), { status: 201 });
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const posted = () =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/v1/correction-requests');

describe('correction request form', { timeout: 60_000 }, () => {
  it('shows the rules under the fields and sends nothing', async () => {
    wrap(
      <CorrectionRequestModal
        open
        onClose={() => undefined}
        branches={BRANCHES}
        today="2026-11-26"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Выберите дату')).toBeTruthy();
    expect(screen.getByText('Укажите время прихода или ухода')).toBeTruthy();
    expect(screen.getByText('Напишите комментарий: что произошло')).toBeTruthy();

    typeDate('2026-11-20');
    type('Приход', '18:00');
    type('Уход', '9:00');
    type('Комментарий', 'Забыл отметиться');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Уход должен быть позже прихода')).toBeTruthy();
    // The rules now met lose their errors (once their leaving animation is over).
    await waitFor(() => {
      expect(screen.queryByText('Выберите дату')).toBeNull();
      expect(screen.queryByText('Укажите время прихода или ухода')).toBeNull();
      expect(screen.queryByText('Напишите комментарий: что произошло')).toBeNull();
    });

    type('Приход', '25:00');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() =>
      expect(
        document.querySelector('#correction-request-form_checkIn_help')?.textContent,
      ).toBeTruthy(),
    );
    expect(posted()).toEqual([]);
  });

  it('offers only working branches, picks the only one and sends the asked times', async () => {
    const onClose = vi.fn();
    wrap(<CorrectionRequestModal open onClose={onClose} branches={BRANCHES} today="2026-11-26" />);
    fireEvent.mouseDown(screen.getByLabelText('Филиал'));
    const options = [...document.querySelectorAll('.ant-select-item-option-content')];
    expect(options.map((option) => option.textContent)).toEqual(['Центральный']);
    fireEvent.keyDown(screen.getByLabelText('Филиал'), { key: 'Escape' });
    typeDate('2026-11-20');
    type('Уход', '1830');
    type('Комментарий', '  Телефон разрядился  ');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    expect(JSON.parse(String(posted()[0]![1]!.body))).toEqual({
      kind: 'MISSED_CHECK',
      date: '2026-11-20',
      branchId: 7,
      checkOut: '18:30',
      comment: 'Телефон разрядился',
    });
  });

  it('asks for a business trip with its hours', async () => {
    const onClose = vi.fn();
    wrap(<CorrectionRequestModal open onClose={onClose} branches={BRANCHES} today="2026-11-26" />);
    fireEvent.click(screen.getByLabelText('Был в командировке или другой код дня'));
    await screen.findByLabelText('Часов в этот день');
    typeDate('2026-11-19');
    type('Комментарий', 'Командировка в Тверь');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    expect(JSON.parse(String(posted()[0]![1]!.body))).toEqual({
      kind: 'DAY_CODE',
      date: '2026-11-19',
      code: 'К',
      minutes: 480,
      comment: 'Командировка в Тверь',
    });
  });

  it('puts the server’s field error under its field and stays open', async () => {
    answer = () =>
      new Response(
        JSON.stringify({
          statusCode: 422,
          code: 'VALIDATION_ERROR',
          message: 'Проверьте поля',
          details: [{ field: 'date', message: 'На эту дату уже есть запрос на рассмотрении' }],
        }),
        { status: 422 },
      );
    const onClose = vi.fn();
    wrap(<CorrectionRequestModal open onClose={onClose} branches={BRANCHES} today="2026-11-26" />);
    typeDate('2026-11-20');
    type('Приход', '09:00');
    type('Уход', '18:00');
    type('Комментарий', 'Забыл отметиться');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('На эту дату уже есть запрос на рассмотрении')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the request as sent', () => {
  it('reads times typed loosely and keeps only the fields of the kind', () => {
    expect(normalizeTime('9:05')).toBe('09:05');
    expect(normalizeTime('0905')).toBe('09:05');
    expect(normalizeTime('9.05')).toBe('09:05');
    expect(normalizeTime(' ')).toBeUndefined();
    expect(
      toCorrectionInput({
        kind: 'OTHER_BRANCH',
        date: dayjs('2026-11-20'),
        branchId: 8,
        checkIn: '10:00',
        checkOut: '15:30',
        code: 'К',
        hours: 8,
        comment: 'Подменял',
      }),
    ).toEqual({
      kind: 'OTHER_BRANCH',
      date: '2026-11-20',
      branchId: 8,
      checkIn: '10:00',
      checkOut: '15:30',
      comment: 'Подменял',
    });
  });
});
