import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schedule } from '@smena/contract';
import { ScheduleFormDrawer } from './schedule-form-drawer.tsx';

type Call = { url: string; method: string; body: unknown };

const calls: Call[] = [];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The server of these tests: a 422 for every new schedule. */
function fakeServer(url: string, init: RequestInit): Response {
  const method = init.method ?? 'GET';
  calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
  if (url.endsWith('/schedules') && method === 'POST') {
    return json(422, {
      statusCode: 422,
      code: 'VALIDATION_ERROR',
      message: 'Проверьте введённые данные',
      details: [
        { field: 'title', message: 'График с таким названием уже есть' },
        { field: 'definition.days.0.end', message: 'Сервер: конец смены не подходит' },
      ],
    });
  }
  if (url.endsWith('/schedules/7') && method === 'PATCH') {
    return json(422, {
      statusCode: 422,
      code: 'VALIDATION_ERROR',
      message: 'Проверьте введённые данные',
      details: [
        {
          field: 'effectiveFrom',
          message: 'Не раньше 2030-01-01: с этой даты график уже изменён',
        },
      ],
    });
  }
  return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Не найдено' });
}

const EXISTING: Schedule = {
  id: 7,
  title: 'Пятидневка',
  type: 'FIXED',
  color: '#52c41a',
  accountingPeriod: 'QUARTER',
  definition: {
    type: 'FIXED',
    followsProductionCalendar: true,
    days: Array.from({ length: 7 }, (_, i) => ({
      working: i < 5,
      start: '09:00',
      end: '18:00',
      breakMinutes: 60,
    })),
  },
  employeeCount: 3,
  definitionFrom: '2030-01-01',
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderDrawer(schedule: Schedule | null = null) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ScheduleFormDrawer
        open
        schedule={schedule}
        timezone="Europe/Moscow"
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
}

function findText(text: string | RegExp) {
  return screen.findByText(text, {}, { timeout: 8000 });
}

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => Promise.resolve(fakeServer(url, init))),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The first render of antd in a file styles every component: slow on a busy machine.
describe('schedule form', { timeout: 60_000 }, () => {
  it('shows the editor of the chosen type and a 14-day preview', async () => {
    renderDrawer();
    // FIXED by default: the weekday grid with its presets.
    expect(screen.getByText('Пятидневка 09:00–18:00')).toBeTruthy();
    expect(screen.queryByText('Дата начала цикла')).toBeNull();
    const preview = screen.getByRole('list', { name: 'Ближайшие 14 дней' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .filter((li) => li.dataset.kind),
    ).toHaveLength(14);

    fireEvent.click(screen.getByText('Сменный'));
    expect(await findText('Дата начала цикла')).toBeTruthy();
    expect(screen.getByText('1/3 (сутки через трое)')).toBeTruthy();
    expect(screen.queryByText('Пятидневка 09:00–18:00')).toBeNull();
  });

  it('shows the FLEX and NIGHT editors', async () => {
    renderDrawer();
    fireEvent.click(screen.getByText('Гибкий'));
    expect(await findText('Норма, ч')).toBeTruthy();
    expect(screen.queryByText('Пятидневка 09:00–18:00')).toBeNull();

    fireEvent.click(screen.getByText('Ночной'));
    expect(await findText('Ночные 20:00–08:00')).toBeTruthy();
    expect(screen.queryByText('Норма, ч')).toBeNull();
  });

  it('warns of a week over 40 h as the break is edited, and still lets it be saved', async () => {
    renderDrawer();
    const warning = /^Рабочая неделя — \d+ ч.*: больше 40 ч, установленных статьёй 91 ТК РФ\./;
    // The five-day template: 09:00–18:00 with a 60-minute break, 40 h a week.
    expect(screen.queryByText(warning)).toBeNull();

    fireEvent.change(screen.getByLabelText('Пн: перерыв, мин'), { target: { value: '0' } });
    expect(await findText(/^Рабочая неделя — 41 ч: больше 40 ч/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Сохранить можно, если в компании суммированный учёт рабочего времени.',
    );

    // A warning, not an error: the schedule is sent.
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Без перерыва' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true), {
      timeout: 8000,
    });

    fireEvent.change(screen.getByLabelText('Пн: перерыв, мин'), { target: { value: '60' } });
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull(), { timeout: 8000 });

    fireEvent.click(screen.getByText('Ночной'));
    expect(await findText(/^Ночные смены — 55 ч в неделю/)).toBeTruthy();
    expect(screen.getByText(/^Рабочая неделя — 55 ч: больше 40 ч/)).toBeTruthy();
  });

  it('asks for a title before sending anything', async () => {
    renderDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await findText('Введите название')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the server’s 422 field errors under the fields', async () => {
    renderDrawer();
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Пятидневка' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await findText('График с таким названием уже есть')).toBeTruthy();
    expect(await findText('Сервер: конец смены не подходит')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/v1/schedules');
    expect(post?.body).toMatchObject({
      title: 'Пятидневка',
      color: '#1677ff',
      accountingPeriod: null,
      definition: {
        type: 'FIXED',
        followsProductionCalendar: true,
        days: expect.arrayContaining([
          { working: true, start: '09:00', end: '18:00', breakMinutes: 60 },
        ]) as unknown,
      },
    });
  });

  it('sends the date a changed schedule applies from, not before its last change', async () => {
    renderDrawer(EXISTING);
    const date = screen.getByLabelText<HTMLInputElement>('Новое расписание действует с');
    expect(date.value).toBe('2030-01-01');
    expect(screen.getByText('Последнее изменение — с 2030-01-01')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await findText('Не раньше 2030-01-01: с этой даты график уже изменён')).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe('/api/v1/schedules/7');
    expect(patch?.body).toMatchObject({
      title: 'Пятидневка',
      effectiveFrom: '2030-01-01',
      // The schedule's summarized accounting is kept as it was.
      accountingPeriod: 'QUARTER',
    });
  });
});
