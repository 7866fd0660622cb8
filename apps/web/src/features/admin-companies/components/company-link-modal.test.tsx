import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanyLinkModal } from './company-link-modal.tsx';

const LINK_ID = '3f6b1c2e-8a41-4d5e-9b7c-0a1b2c3d4e5f';
const bodies: unknown[] = [];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  bodies.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push({ url, body });
      return Promise.resolve(
        json(201, {
          id: LINK_ID,
          kind: 'COMPANY',
          companyId: null,
          departmentId: null,
          departmentTitle: null,
          positionId: null,
          positionTitle: null,
          userCount: body.userCount,
          expiresAt: null,
          maxUses: body.maxUses,
          usedCount: 0,
          revokedAt: null,
          state: 'ACTIVE',
          createdAt: '2026-05-01T10:00:00.000Z',
        }),
      );
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('company registration link', { timeout: 30_000 }, () => {
  it('creates a link with the user limit and shows its address to copy', async () => {
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <CompanyLinkModal
          open
          onClose={() => undefined}
          linkUrl={(link) => `https://smena.example/register-with-link?uuid=${link.id}`}
        />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Лимит пользователей'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: /Создать ссылку/ }));

    expect(
      await screen.findByText(
        `https://smena.example/register-with-link?uuid=${LINK_ID}`,
        {},
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/с лимитом 25 пользователей/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Копировать' })).toBeTruthy();
    expect(bodies).toEqual([
      {
        url: '/api/v1/admin/registration-links',
        body: { userCount: 25, maxUses: 1, expiresAt: null },
      },
    ]);
  });
});
