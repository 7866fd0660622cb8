import type { Check } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckInCard } from './check-in-card.tsx';

const ZONE = 'Europe/Moscow';

function makeCheck(overrides: Partial<Check> = {}): Check {
  return {
    id: 41,
    employeeId: 7,
    employeeName: 'Орлова Вера',
    branchId: 3,
    branchTitle: 'Центральный',
    checkInDateTime: '2026-05-04T06:02:00.000Z',
    checkOutDateTime: null,
    source: 'WEB',
    autoClosed: false,
    checkInLocation: { latitude: 55.75, longitude: 37.61, accuracy: 12, distance: 35 },
    checkOutLocation: null,
    device: 'Mobile Safari',
    signals: [],
    photos: [],
    createdAt: '2026-05-04T06:02:00.000Z',
    updatedAt: '2026-05-04T06:02:00.000Z',
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

const fetchMock = vi.fn<typeof fetch>();
let openCheck: Check | null = null;
let checkInAnswer: () => Promise<Response> = () => json(makeCheck(), 201);

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** The browser's geolocation answering with a position or an error code. */
function stubGeolocation(answer: { coords: GeolocationCoordinates } | { code: number }) {
  const getCurrentPosition = vi.fn(
    (
      success: PositionCallback,
      failure?: PositionErrorCallback | null,
      _options?: PositionOptions,
    ) => {
      if ('code' in answer) failure?.({ code: answer.code } as GeolocationPositionError);
      else success({ coords: answer.coords, timestamp: Date.now() } as GeolocationPosition);
    },
  );
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

const inside = {
  coords: { latitude: 55.7512, longitude: 37.6184, accuracy: 15 } as GeolocationCoordinates,
};

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <CheckInCard todayPlan={undefined} planLoading={false} zoneOf={() => ZONE} />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  openCheck = null;
  checkInAnswer = () => json(makeCheck(), 201);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (url.startsWith('/api/v1/checks?'))
      return json({
        items: openCheck ? [openCheck] : [],
        total: openCheck ? 1 : 0,
        page: 1,
        limit: 1,
      });
    if (url === '/api/v1/checks/check-in' && init?.method === 'POST') return checkInAnswer();
    if (url === '/api/v1/checks/check-out' && init?.method === 'POST')
      return json(makeCheck({ checkOutDateTime: '2026-05-04T15:05:00.000Z' }));
    return json({ message: `unexpected ${url}` }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

/** Presses the button once the open check is known (it is disabled until then). */
async function press(name: string) {
  const button = await screen.findByRole('button', { name: new RegExp(name) });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}

describe('check-in button', { timeout: 60_000 }, () => {
  it('asks for a precise fresh position and says when the check-in was made', async () => {
    const geolocation = stubGeolocation(inside);
    renderCard();
    await press('Отметиться');

    expect(await screen.findByText('Приход отмечен в 09:02')).toBeTruthy();
    expect(geolocation.mock.calls[0]![2]).toMatchObject({
      enableHighAccuracy: true,
      timeout: 20_000,
    });
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/checks/check-in');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      latitude: 55.7512,
      longitude: 37.6184,
      accuracy: 15,
    });
  });

  it('explains how to allow the location when the permission is denied, and sends nothing', async () => {
    stubGeolocation({ code: 1 });
    renderCard();
    await press('Отметиться');

    expect(await screen.findByText('Нет доступа к геопозиции')).toBeTruthy();
    expect(screen.getByText(/«Геопозиция» → «Разрешить»/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/checks/check-in')).toBe(false);
  });

  it("shows the server's zone message when the employee is outside the branch", async () => {
    stubGeolocation(inside);
    checkInAnswer = () =>
      json(
        {
          statusCode: 422,
          code: 'VALIDATION_ERROR',
          message: 'Вы находитесь вне зоны филиала: 350 м',
          details: [{ field: 'latitude', message: 'Вы находитесь вне зоны филиала: 350 м' }],
        },
        422,
      );
    renderCard();
    await press('Отметиться');

    expect(await screen.findByText('Вы находитесь вне зоны филиала: 350 м')).toBeTruthy();
    expect(screen.getByText(/Подойдите ближе к филиалу/)).toBeTruthy();
    expect(screen.queryByText(/Приход отмечен/)).toBeNull();
  });

  it('offers «Уйти» with the time since when the employee is already in', async () => {
    openCheck = makeCheck();
    stubGeolocation(inside);
    renderCard();

    expect(await screen.findByText(/Вы на месте с 09:02/)).toBeTruthy();
    await press('Уйти');
    expect(await screen.findByText('Уход отмечен в 18:05')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/checks/check-out')).toBe(true);
  });
});
