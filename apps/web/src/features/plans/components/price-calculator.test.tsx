import { formatRubles, quotePrice, type PublicPlan } from '@smena/contract';
import { ApiError } from '../../../lib/api-error.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PriceCalculator, type PayInput } from './price-calculator.tsx';

const standard: PublicPlan = {
  id: 1,
  title: 'Стандарт',
  pricePerUserKopecks: 15_000,
  trialDays: 14,
  discount3Months: 5,
  discount6Months: 10,
  discount12Months: 15,
  minUsers: 5,
  isDefault: true,
};

const business: PublicPlan = {
  ...standard,
  id: 2,
  title: 'Бизнес',
  pricePerUserKopecks: 25_050,
  discount3Months: 7,
  minUsers: 1,
  isDefault: false,
};

const NOW = new Date('2026-05-10T09:00:00Z');

function renderCalculator(
  props: Partial<Parameters<typeof PriceCalculator>[0]> = {},
  onPay: (input: PayInput) => Promise<unknown> = () => Promise.resolve(),
) {
  return render(
    <PriceCalculator
      plans={[standard]}
      activeUsers={3}
      userLimit={10}
      paidUntil="2026-05-20T00:00:00.000Z"
      canPay
      provider="cloudpayments"
      paying={false}
      onPay={onPay}
      now={() => NOW}
      {...props}
    />,
  );
}

/** Intl separates thousands with a no-break space; compare the text as people read it. */
function plain(text: string | null | undefined): string {
  return (text ?? '').replace(/\s/g, ' ');
}

function total(): string {
  return plain(screen.getByTestId('price-total').textContent);
}

function expectedTotal(plan: PublicPlan, users: number, months: 1 | 3 | 6 | 12): string {
  return plain(formatRubles(quotePrice(plan, users, months).totalKopecks));
}

function setUsers(value: string) {
  fireEvent.change(screen.getByLabelText('Количество пользователей'), { target: { value } });
}

function choosePeriod(label: string) {
  const periods = screen.getByRole('radiogroup', { name: 'Период оплаты' });
  fireEvent.click(within(periods).getByText(label));
}

// antd's select list measures itself; jsdom has no ResizeObserver.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('price calculator', { timeout: 20_000 }, () => {
  it('starts from the current limit and shows the one-month price', () => {
    renderCalculator();
    expect(total()).toBe(expectedTotal(standard, 10, 1));
    expect(total()).toBe('1 500 ₽');
    expect(plain(screen.getByRole('button', { name: /Оплатить/ }).textContent)).toBe(
      'Оплатить 1 500 ₽',
    );
  });

  it('recomputes the price live as users and the period change, with the period discount', async () => {
    renderCalculator();
    setUsers('12');
    await waitFor(() => expect(total()).toBe(expectedTotal(standard, 12, 1)));

    choosePeriod('6 месяцев');
    await waitFor(() => expect(total()).toBe(expectedTotal(standard, 12, 6)));
    expect(total()).toBe('9 720 ₽');
    expect(screen.getByText(/Скидка 10 %/)).toBeTruthy();

    choosePeriod('12 месяцев');
    await waitFor(() => expect(total()).toBe(expectedTotal(standard, 12, 12)));
    // Paid until: the current end plus twelve months.
    expect(screen.getByText(/тариф будет действовать до 2027-05-20/)).toBeTruthy();
  });

  it('prices the plan chosen in the list', async () => {
    renderCalculator({ plans: [standard, business] });
    fireEvent.mouseDown(screen.getByLabelText('Тариф'));
    fireEvent.click(await screen.findByText(/^Бизнес —/));
    choosePeriod('3 месяца');
    await waitFor(() => expect(total()).toBe(expectedTotal(business, 10, 3)));
  });

  it('shows no sum below the minimum of users and says what the minimum is', async () => {
    renderCalculator({ activeUsers: 8 });
    setUsers('6');
    await waitFor(() => expect(screen.queryByTestId('price-total')).toBeNull());
    expect(screen.getByText(/Не меньше 8: столько активных пользователей/)).toBeTruthy();
  });

  it('pays with what the page shows', async () => {
    const onPay = vi.fn(() => Promise.resolve());
    renderCalculator({}, onPay);
    setUsers('20');
    choosePeriod('3 месяца');
    await waitFor(() => expect(total()).toBe(expectedTotal(standard, 20, 3)));
    fireEvent.click(screen.getByRole('button', { name: /Оплатить/ }));
    await waitFor(() => expect(onPay).toHaveBeenCalledWith({ planId: 1, users: 20, months: 3 }));
  });

  it('puts the server’s field error under the users field', async () => {
    const onPay = vi.fn(() =>
      Promise.reject(
        new ApiError({
          statusCode: 422,
          code: 'VALIDATION_ERROR',
          message: 'Проверьте поля',
          details: [{ field: 'users', message: 'Не меньше 11: столько активных пользователей' }],
        }),
      ),
    );
    renderCalculator({}, onPay);
    fireEvent.click(screen.getByRole('button', { name: /Оплатить/ }));
    expect(
      await screen.findByText(
        'Не меньше 11: столько активных пользователей',
        {},
        { timeout: 8000 },
      ),
    ).toBeTruthy();
  });

  it('offers an invoice when payments are manual', () => {
    renderCalculator({ provider: 'manual' });
    expect(plain(screen.getByRole('button', { name: /Выставить счёт/ }).textContent)).toBe(
      'Выставить счёт на 1 500 ₽',
    );
  });

  it('tells those who cannot pay why, still showing the price', () => {
    renderCalculator({ canPay: false });
    expect(screen.queryByRole('button', { name: /Оплатить/ })).toBeNull();
    expect(screen.getByText('Оплатить тариф может только администратор компании')).toBeTruthy();
    expect(total()).toBe('1 500 ₽');
  });
});
