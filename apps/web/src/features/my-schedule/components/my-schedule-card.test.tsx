import type { DayPlan, MySchedule } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { MyScheduleCard } from './my-schedule-card.tsx';

const TODAY = '2026-11-26';

function work(date: string): DayPlan {
  return {
    date,
    kind: 'WORK',
    shifts: [
      {
        start: `${date}T09:00:00+03:00`,
        end: `${date}T18:00:00+03:00`,
        breakMinutes: 60,
        plannedMinutes: 480,
      },
    ],
    shortened: false,
    rosterOverride: false,
  };
}

const november = {
  month: '2026-11',
  publicationId: 7,
  version: 2,
  publishedAt: '2026-10-20T07:00:00.000Z',
  changedDates: ['2026-11-27'],
  acknowledgedAt: null,
};
const december = {
  month: '2026-12',
  publicationId: null,
  version: null,
  publishedAt: null,
  changedDates: [],
  acknowledgedAt: null,
};

let answer: MySchedule;
const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const fetchMock = vi.fn<typeof fetch>();

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MyScheduleCard today={TODAY} zone="Europe/Moscow" />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  answer = {
    from: TODAY,
    to: '2026-12-09',
    publication: true,
    days: [work('2026-11-26'), work('2026-11-27')],
    months: [november, december],
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url.startsWith('/api/v1/profile/schedule?')) return json(answer);
    if (url === '/api/v1/profile/schedule/acknowledge') {
      const acknowledged = { ...november, acknowledgedAt: '2026-11-26T08:15:00.000Z' };
      answer = { ...answer, months: [acknowledged, december] };
      return json(acknowledged);
    }
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

describe('MyScheduleCard', () => {
  it('asks for the two coming weeks and lists the published shifts', async () => {
    renderCard();
    const list = await screen.findByRole('list', { name: 'Мои смены на две недели' });
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/v1/profile/schedule?from=2026-11-26&to=2026-12-09',
    );
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('2026-11-26, чт');
    expect(items[0]!.textContent).toContain('Смена 09:00–18:00, перерыв 60 мин (8 ч)');
  });

  it('says plainly that a month is not published yet', async () => {
    renderCard();
    expect(await screen.findByText('График на декабрь 2026 ещё не опубликован')).toBeTruthy();
  });

  it('shows «Ознакомлен» with the changed dates until acknowledged, then the time', async () => {
    renderCard();
    expect(
      await screen.findByText(
        'График на ноябрь 2026 опубликован 2026-10-20 10:00. Изменены дни: 2026-11-27.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ознакомлен' }));
    await waitFor(() =>
      expect(
        screen.getByText(
          'График на ноябрь 2026 опубликован 2026-10-20 10:00. Ознакомлен 2026-11-26 11:15',
        ),
      ).toBeTruthy(),
    );
    const posted = fetchMock.mock.calls.find(
      ([url]) => String(url) === '/api/v1/profile/schedule/acknowledge',
    );
    expect(JSON.parse(String(posted![1]!.body))).toEqual({ publicationId: 7 });
    expect(screen.queryByRole('button', { name: 'Ознакомлен' })).toBeNull();
  });

  it('shows the plan without acknowledgement when the company does not publish', async () => {
    answer = { ...answer, publication: false, months: [] };
    renderCard();
    await screen.findByRole('list', { name: 'Мои смены на две недели' });
    expect(screen.queryByRole('button', { name: 'Ознакомлен' })).toBeNull();
    expect(screen.queryByText(/не опубликован/)).toBeNull();
  });
});
