import type { PublicPlans } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as DescriptionPaymentPage } from './description-payment-route.tsx';

const plans: PublicPlans = {
  items: [
    {
      id: 1,
      title: 'Стандарт',
      pricePerUserKopecks: 15_000,
      trialDays: 14,
      discount3Months: 5,
      discount6Months: 10,
      discount12Months: 15,
      minUsers: 5,
      isDefault: true,
    },
  ],
  periods: [1, 3, 6, 12],
  gracePeriodDays: 3,
};

function plain(text: string | null | undefined) {
  return (text ?? '').replace(/\s/g, ' ');
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/plans/public')
          ? new Response(JSON.stringify(plans), { headers: { 'Content-Type': 'application/json' } })
          : new Response('{}', { status: 404 }),
      ),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/descriptionPayment', () => {
  it('shows the default plan’s price, period discounts and the grace days', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <DescriptionPaymentPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Тариф «Стандарт»', {}, { timeout: 8000 })).toBeTruthy();
    const body = plain(document.body.textContent);
    expect(body).toContain('150 ₽за пользователя в месяц');
    expect(body).toContain('Скидка 5 % — 142,50 ₽ за пользователя в месяц');
    expect(body).toContain('Скидка 15 % — 127,50 ₽ за пользователя в месяц');
    expect(body).toContain('5 польз. на 12 месяцев — 7 650 ₽ вместо 9 000 ₽');
    expect(body).toContain('ещё 3 дня');
    expect(
      screen
        .getAllByRole('link', { name: /Возврат средств|Условия возврата/ })[0]
        ?.getAttribute('href'),
    ).toBe('/refund');
  });
});
