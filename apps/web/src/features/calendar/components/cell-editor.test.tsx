import type { CalendarEmployee, DayPlan } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { CellEditor } from './cell-editor.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const plan: DayPlan = {
  date: '2026-11-11',
  kind: 'WORK',
  shifts: [
    {
      start: '2026-11-11T09:00:00+03:00',
      end: '2026-11-11T18:00:00+03:00',
      breakMinutes: 60,
      plannedMinutes: 480,
    },
  ],
  shortened: false,
  rosterOverride: false,
};

const employee: CalendarEmployee = {
  employeeId: 3,
  name: 'Иванова Анна',
  departmentTitle: null,
  positionTitle: null,
  branchTitles: [],
  scheduleId: 1,
  scheduleTitle: '5/2',
  scheduleColor: null,
  days: [plan],
  requests: [
    { id: 41, type: 'VACATION', from: '2026-11-09', to: '2026-11-13', comment: 'Поездка' },
    // Another month's request: not shown for this date.
    { id: 42, type: 'DISMISSED', from: '2026-11-20', to: '2026-11-20', comment: '' },
  ],
  availability: [],
};

const fetchMock = vi.fn<typeof fetch>();

function renderEditor(onClose = vi.fn(), target: CalendarEmployee = employee) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <CellEditor target={{ employee: target, plan }} onClose={onClose} fullScreen={false} />
      </App>
    </QueryClientProvider>,
  );
  return onClose;
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

describe('CellEditor: a pending request', { timeout: 60_000 }, () => {
  it('shows the request of the date and approves it with the comment', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ id: 41 }), { status: 200 })),
    );
    const onClose = renderEditor();
    expect(screen.getByText('2026-11-09 — 2026-11-13 (5 дн.)', { exact: false })).toBeTruthy();
    expect(screen.getByText('Комментарий сотрудника: Поездка')).toBeTruthy();
    // Only the request covering 2026-11-11.
    expect(screen.getAllByText('Заявка на отсутствие ожидает решения')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Комментарий к решению'), {
      target: { value: ' Хорошего отдыха ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Одобрить' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/weekends/41/approve');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ comment: 'Хорошего отдыха' });
  });

  it('rejects after a confirmation and keeps the server’s refusal in the dialog', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ statusCode: 409, code: 'CONFLICT', message: 'Заявка уже рассмотрена' }),
          { status: 409 },
        ),
      ),
    );
    const onClose = renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Отклонить' }));
    expect(fetchMock).not.toHaveBeenCalled();
    const confirm = (await screen.findByText('Отклонить заявку?')).closest('.ant-popover');
    fireEvent.click(within(confirm as HTMLElement).getByRole('button', { name: 'Отклонить' }));

    expect(await screen.findByText('Заявка уже рассмотрена')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/weekends/41/reject');
    expect(JSON.parse(String(init?.body))).toEqual({});
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('CellEditor: the employee’s availability mark', { timeout: 60_000 }, () => {
  const unavailable: CalendarEmployee = {
    ...employee,
    requests: [],
    availability: [
      { date: '2026-11-11', kind: 'UNAVAILABLE', start: null, end: null, comment: 'Сессия' },
    ],
  };

  it('shows the mark and places a shift over «Не могу» only after the manager confirms', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ violations: [] }), { status: 200 })),
    );
    const onClose = renderEditor(vi.fn(), unavailable);
    expect(screen.getByText('Сотрудник отметил: не может работать (Сессия)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Поставить смену' }));
    expect(
      await screen.findByText('Сотрудник отметил, что не может работать в это время'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Всё равно поставить' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/roster');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({ employeeId: 3, date: '2026-11-11' });
  });

  it('places a shift at once over «Хотел бы не работать», saying so above the form', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ violations: [] }), { status: 200 })),
    );
    const onClose = renderEditor(vi.fn(), {
      ...unavailable,
      availability: [
        { date: '2026-11-11', kind: 'PREFER_NOT', start: '08:00', end: '10:00', comment: '' },
      ],
    });
    expect(
      screen.getByText('Сотрудник отметил: хотел бы не работать с 08:00 до 10:00'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Поставить смену' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByText('Сотрудник отметил, что не может работать в это время')).toBeNull();
  });
});

describe('CellEditor: the Labour Code checks', { timeout: 60_000 }, () => {
  const free: CalendarEmployee = { ...employee, requests: [] };
  const weeklyRest = {
    employeeId: 3,
    name: 'Иванова Анна',
    code: 'WEEKLY_REST',
    article: '110',
    from: '2026-11-09',
    to: '2026-11-15',
    message: 'Еженедельный непрерывный отдых 40 ч — меньше 42 ч',
  };

  it('saves and warns with the article when the change breaks a rule', async () => {
    const warning = vi.spyOn(notify, 'warning');
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ violations: [weeklyRest] }), { status: 200 })),
    );
    const onClose = renderEditor(vi.fn(), free);
    fireEvent.click(screen.getByRole('button', { name: 'Сделать выходным' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(warning).toHaveBeenCalledWith(
      'ст. 110 ТК РФ — Еженедельный отдых меньше 42 ч (2026-11-09 — 2026-11-15)',
      { title: 'День сделан выходным, но план нарушает ТК РФ' },
    );
    warning.mockRestore();
  });

  it('keeps the dialog open and lists the rules when the hard stop refuses the change', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            statusCode: 422,
            code: 'PLAN_RULES_VIOLATED',
            message: 'Изменение нарушает ТК РФ: ст. 110 — Еженедельный отдых меньше 42 ч',
            violations: [weeklyRest],
          }),
          { status: 422 },
        ),
      ),
    );
    const onClose = renderEditor(vi.fn(), free);
    fireEvent.click(screen.getByRole('button', { name: 'Поставить смену' }));
    const alert = await screen.findByText(
      'Не сохранено: изменение нарушает ТК РФ, а в настройках компании такие изменения запрещены',
    );
    expect(
      within(alert.closest('.ant-alert') as HTMLElement).getByText(
        'ст. 110 ТК РФ — Еженедельный отдых меньше 42 ч (2026-11-09 — 2026-11-15)',
      ),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
