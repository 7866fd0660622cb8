import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../../lib/token-storage.ts';
import { makeCheck } from '../checks.test-helpers.ts';
import { CheckPhotoButton } from './check-photo.tsx';

const fetchMock = vi.fn<typeof fetch>();

function renderButton(check: ReturnType<typeof makeCheck>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <CheckPhotoButton check={check} zone="Europe/Moscow" />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CheckPhotoButton', () => {
  it('shows nothing for a check without a photo', () => {
    const { container } = renderButton(
      makeCheck('2026-03-02T06:02:00.000Z', '2026-03-02T15:05:00.000Z'),
    );
    expect(container.textContent).toBe('');
  });

  it('opens the photo fetched with the session, with who and when', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), {
        status: 200,
        headers: { 'Content-Type': 'image/jpeg' },
      }),
    );
    const check = makeCheck('2026-03-02T06:02:00.000Z', '2026-03-02T15:05:00.000Z', {
      id: 77,
      source: 'KIOSK_PIN',
      device: 'Планшет у входа',
      photos: [
        {
          direction: 'IN',
          takenAt: '2026-03-02T06:02:01.000Z',
          expiresAt: '2026-04-01T06:02:01.000Z',
        },
      ],
    });
    renderButton(check);
    fireEvent.click(screen.getByRole('button', { name: 'Фото с киоска при отметке' }));
    // The viewer is a lazy chunk: its first import takes a while under the test's transform.
    const image = await screen.findByRole(
      'img',
      { name: /Орлова Вера, приход 2026-03-02 09:02/ },
      { timeout: 10_000 },
    );
    expect(image.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,\/9j\/4/);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/checks/77/photo?direction=IN');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer access-token');
    expect(screen.getByText('Киоск (PIN), Планшет у входа')).toBeTruthy();
    expect(screen.getByText('2026-04-01')).toBeTruthy();
  });

  it('says the photo is gone when the server no longer has it', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'Фото не найдено' }),
        {
          status: 404,
        },
      ),
    );
    renderButton(
      makeCheck('2026-03-02T06:02:00.000Z', null, {
        photos: [
          {
            direction: 'IN',
            takenAt: '2026-03-02T06:02:01.000Z',
            expiresAt: '2026-04-01T06:02:01.000Z',
          },
        ],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Фото с киоска при отметке' }));
    await waitFor(() => expect(screen.getByText(/Фото уже удалено/)).toBeTruthy(), {
      timeout: 10_000,
    });
  });
});
