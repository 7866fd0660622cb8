import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailableOpenShiftList, DayPlan, MySwaps, ShiftSwap } from '@smena/contract';
import { MyOpenShiftsCard } from './my-open-shifts-card.tsx';
import { MySwapsCard } from './my-swaps-card.tsx';

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

const shift = {
  id: 5,
  branchId: 1,
  branchTitle: 'Тверская',
  positionId: null,
  positionTitle: 'Кассир',
  date: '2026-12-03',
  start: '10:00',
  end: '16:00',
  breakMinutes: 30,
  headcount: 2,
  filled: 1,
  comment: 'Инвентаризация',
  status: 'OPEN' as const,
  postedByName: 'Петрова Анна',
  createdAt: '2026-11-26T08:00:00.000Z',
};

const swap: ShiftSwap = {
  id: 9,
  branchId: 1,
  branchTitle: 'Тверская',
  date: '2026-12-04',
  start: '09:00',
  end: '15:00',
  breakMinutes: 0,
  fromEmployeeId: 3,
  fromName: 'Иванов Пётр',
  toEmployeeId: 7,
  toName: 'Сидорова Ольга',
  acceptedById: null,
  acceptedByName: null,
  acceptedAt: null,
  comment: 'Заболел ребёнок',
  status: 'OFFERED',
  createdAt: '2026-11-26T08:00:00.000Z',
  decidedByName: null,
  decidedAt: null,
  reason: null,
  availability: null,
};

const workDay = (date: string, start: string, end: string): DayPlan => ({
  date,
  kind: 'WORK',
  shifts: [
    {
      start: `${date}T${start}:00+03:00`,
      end: `${date}T${end}:00+03:00`,
      breakMinutes: 60,
      plannedMinutes: 480,
    },
  ],
  shortened: false,
  rosterOverride: false,
});

const fetchMock = vi.fn<typeof fetch>();
let routes: Record<string, () => unknown>;

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (!route) return Promise.resolve(new Response('{}', { status: 404 }));
    return Promise.resolve(new Response(JSON.stringify(route()), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const calls = (key: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      `${init?.method ?? 'GET'} ${new URL(String(url), 'http://localhost').pathname}` === key,
  );

describe('«Открытые смены» on the home page', { timeout: 60_000 }, () => {
  it('lists a shift with its places and claims it', async () => {
    const list: AvailableOpenShiftList = {
      mode: 'APPROVED_ONLY',
      items: [{ ...shift, myClaim: null }],
    };
    routes = {
      'GET /api/v1/open-shifts/available': () => list,
      'POST /api/v1/open-shifts/5/claim': () => ({ status: 'PENDING' }),
    };
    wrap(<MyOpenShiftsCard />);
    const item = (await screen.findByText('2026-12-03, чт')).closest('li')!;
    expect(within(item).getByText('10:00–16:00, перерыв 30 мин')).toBeTruthy();
    expect(within(item).getByText('Тверская · Кассир')).toBeTruthy();
    expect(within(item).getByText('Свободно мест: 1 из 2 · Инвентаризация')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Откликнуться' }));
    await waitFor(() => expect(calls('POST /api/v1/open-shifts/5/claim')).toHaveLength(1));
  });

  it('shows a waiting claim with «Отозвать» and «Взять смену» when claims apply at once', async () => {
    routes = {
      'GET /api/v1/open-shifts/available': () => ({
        mode: 'AUTO',
        items: [
          {
            ...shift,
            myClaim: {
              id: 11,
              openShiftId: 5,
              employeeId: 3,
              employeeName: 'Я',
              status: 'PENDING',
              createdAt: shift.createdAt,
              decidedByName: null,
              decidedAt: null,
              reason: null,
            },
          },
          { ...shift, id: 6, date: '2026-12-05', myClaim: null },
        ],
      }),
    };
    wrap(<MyOpenShiftsCard />);
    expect(await screen.findByText('Ждёт решения')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отозвать' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Взять смену' })).toBeTruthy();
  });

  it('says so when there is nothing to take', async () => {
    routes = { 'GET /api/v1/open-shifts/available': () => ({ mode: 'AUTO', items: [] }) };
    wrap(<MyOpenShiftsCard />);
    expect(await screen.findByText(/Свободных смен для вас сейчас нет/)).toBeTruthy();
  });
});

describe('«Обмен сменами» on the home page', { timeout: 60_000 }, () => {
  it('accepts a colleague’s offer after confirming', async () => {
    const swaps: MySwaps = { offeredToMe: [swap], mine: [] };
    routes = {
      'GET /api/v1/shift-swaps/mine': () => swaps,
      'GET /api/v1/profile/plan': () => [],
      'POST /api/v1/shift-swaps/9/accept': () => ({ ...swap, status: 'ACCEPTED' }),
    };
    wrap(<MySwapsCard today="2026-11-26" />);
    const item = (await screen.findByText('Иванов Пётр · Тверская')).closest('li')!;
    expect(within(item).getByText('Заболел ребёнок')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Отказаться' })).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Взять смену' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Взять' }));
    await waitFor(() => expect(calls('POST /api/v1/shift-swaps/9/accept')).toHaveLength(1));
  });

  it('lists the coming shifts with «Отдать смену» and marks the one already offered', async () => {
    routes = {
      'GET /api/v1/shift-swaps/mine': () => ({
        offeredToMe: [],
        mine: [{ ...swap, date: '2026-11-28', start: '09:00', toEmployeeId: null, toName: null }],
      }),
      'GET /api/v1/profile/plan': () => [
        workDay('2026-11-27', '09:00', '18:00'),
        workDay('2026-11-28', '09:00', '18:00'),
      ],
    };
    wrap(<MySwapsCard today="2026-11-26" />);
    const own = await screen.findByRole('region', { name: 'Мои ближайшие смены' });
    await within(own).findByText('2026-11-27, пт');
    expect(within(own).getAllByRole('button', { name: 'Отдать смену / обменяться' })).toHaveLength(
      1,
    );
    expect(within(own).getByText('Предложена коллегам')).toBeTruthy();
    const mine = screen.getByRole('region', { name: 'Мои предложения' });
    expect(within(mine).getByText('09:00–15:00 → любому подходящему коллеге')).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Отменить' })).toBeTruthy();
    expect(screen.getByText('Коллеги пока ничего не предлагают.')).toBeTruthy();
  });
});
