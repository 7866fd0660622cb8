import type { SchedulePublication, SchedulePublicationState } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { publicationQueryOf } from '../api/schedule-publication.ts';
import { PUBLICATION_REGION, PublicationBar } from './publication-bar.tsx';

const unit = { kind: 'BRANCH' as const, id: 3, title: 'Северный' };

const draft: SchedulePublicationState = {
  enabled: true,
  month: '2026-05',
  unit,
  deadline: '2026-04-01',
  lateNow: false,
  employees: 3,
  versions: [],
  changes: [
    { employeeId: 1, dates: ['2026-05-01'] },
    { employeeId: 2, dates: ['2026-05-01'] },
    { employeeId: 3, dates: ['2026-05-01'] },
  ],
  changedDays: 3,
};

const version1: SchedulePublication = {
  id: 11,
  month: '2026-05',
  unit,
  version: 1,
  publishedBy: { id: 8, name: 'Сидоров Олег' },
  publishedAt: '2026-03-20T07:30:00.000Z',
  late: false,
  employees: 3,
  changedEmployees: 3,
  acknowledged: 1,
};

const published: SchedulePublicationState = {
  ...draft,
  versions: [version1],
  changes: [{ employeeId: 2, dates: ['2026-05-06', '2026-05-07'] }],
  changedDays: 2,
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const fetchMock = vi.fn<typeof fetch>();

function renderBar(state: SchedulePublicationState) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <PublicationBar
          query={{ month: '2026-05', branchId: 3 }}
          state={state}
          zone="Europe/Moscow"
          isPhone={false}
        />
      </App>
    </QueryClientProvider>,
  );
}

function posts(): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(
      ([url, init]) => String(url) === '/api/v1/schedule-publications' && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url === '/api/v1/schedule-publications')
      return json({ ...version1, id: 12, version: 2, changedEmployees: 1 }, 201);
    if (url === '/api/v1/schedule-publications/11')
      return json({
        publication: version1,
        employees: [
          {
            employeeId: 1,
            name: 'Антонова Анна',
            days: [],
            changedDates: [],
            acknowledgedAt: '2026-03-21T06:00:00.000Z',
          },
          {
            employeeId: 2,
            name: 'Борисов Борис',
            days: [],
            changedDates: [],
            acknowledgedAt: null,
          },
          { employeeId: 3, name: 'Волкова Вера', days: [], changedDates: [], acknowledgedAt: null },
        ],
      });
    return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Не найдено' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PublicationBar', () => {
  it('keys the publication by exactly one unit of the filters', () => {
    expect(publicationQueryOf({ month: '2026-05', departmentId: 4 })).toEqual({
      month: '2026-05',
      departmentId: 4,
    });
    expect(publicationQueryOf({ month: '2026-05' })).toBeNull();
    expect(publicationQueryOf({ month: '2026-05', branchId: 3, departmentId: 4 })).toBeNull();
  });

  it('shows a draft the employees do not see and publishes it after the confirmation', async () => {
    renderBar(draft);
    const bar = screen.getByRole('region', { name: PUBLICATION_REGION });
    expect(within(bar).getByText('Черновик — сотрудники не видят')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Опубликовать' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/увидят и получат уведомление сотрудники: 3/)).toBeTruthy();
    // On time: no art. 103 warning.
    expect(within(dialog).queryByText('Позже срока')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Опубликовать' }));
    await waitFor(() => expect(posts()).toEqual([{ month: '2026-05', branchId: 3 }]));
  });

  it('warns of art. 103 before a late publication', async () => {
    renderBar({ ...draft, lateNow: true });
    fireEvent.click(screen.getByRole('button', { name: 'Опубликовать' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Позже срока')).toBeTruthy();
    expect(within(dialog).getByText(/ст\. 103 ТК РФ.*до 2026-04-01 включительно/)).toBeTruthy();
  });

  it('shows the version in force, the changes since and «Опубликовать изменения»', async () => {
    renderBar(published);
    const bar = screen.getByRole('region', { name: PUBLICATION_REGION });
    expect(within(bar).getByText('Опубликован')).toBeTruthy();
    expect(within(bar).getByText('2026-03-20 10:30 (Сидоров Олег), версия 1')).toBeTruthy();
    expect(within(bar).getByText('Изменено после публикации: дней 2, сотрудников 1')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Опубликовать изменения' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/которых они касаются: 1/)).toBeTruthy();
  });

  it('offers no publication when nothing changed since', () => {
    renderBar({ ...published, changes: [], changedDays: 0 });
    expect(screen.getByText('Изменений после публикации нет')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Опубликовать/ })).toBeNull();
  });

  it('opens who has not acknowledged, with the times of those who have', async () => {
    renderBar(published);
    fireEvent.click(screen.getByRole('button', { name: 'Ознакомлены 1 из 3' }));
    const waiting = await screen.findByLabelText('Не ознакомлены');
    expect(within(waiting).getByText('Борисов Борис')).toBeTruthy();
    expect(within(waiting).getByText('Волкова Вера')).toBeTruthy();
    const done = screen.getByLabelText('Ознакомлены');
    expect(within(done).getByText('Антонова Анна')).toBeTruthy();
    expect(within(done).getByText('2026-03-21 09:00')).toBeTruthy();
  });
});
