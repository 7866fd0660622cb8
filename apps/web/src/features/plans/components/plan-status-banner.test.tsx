import type { Company } from '@smena/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanStatusBanner, planBannerState } from './plan-status-banner.tsx';

const NOW = new Date('2026-05-10T12:00:00Z');
const DAY_MS = 86_400_000;

function company(paidUntil: Date | null, isTrial = false): Company {
  return {
    id: 1,
    title: 'ООО Ромашка',
    email: 'a@b.ru',
    phone: '+79160000000',
    country: 'RU',
    timezone: 'Europe/Moscow',
    status: 'ACTIVE',
    userLimit: 10,
    paidUntil: paidUntil?.toISOString() ?? null,
    isTrial,
  } as Company;
}

afterEach(cleanup);

describe('planBannerState', () => {
  it('says nothing while more than three days are left, or without an end date', () => {
    expect(planBannerState(company(new Date(NOW.getTime() + 10 * DAY_MS)), NOW)).toBeNull();
    expect(planBannerState(company(null), NOW)).toBeNull();
  });

  it('reminds in the last days, naming the trial', () => {
    expect(planBannerState(company(new Date(NOW.getTime() + 2 * DAY_MS), true), NOW)).toEqual({
      type: 'info',
      title: 'Пробный период заканчивается через 2 дня.',
    });
  });

  it('warns during the grace days and gives the date writes stop', () => {
    const state = planBannerState(company(new Date('2026-05-09T00:00:00Z')), NOW);
    expect(state?.type).toBe('warning');
    expect(state?.title).toContain('Оплаченный период закончился 2026-05-09');
    expect(state?.title).toContain('До 2026-05-12');
  });

  it('is an error once the grace days are over', () => {
    const state = planBannerState(company(new Date(NOW.getTime() - 4 * DAY_MS)), NOW);
    expect(state?.type).toBe('error');
    expect(state?.title).toContain('только для просмотра');
  });
});

describe('PlanStatusBanner', () => {
  function renderBanner(role: 'ADMIN' | 'MANAGER' | 'EMPLOYEE' | 'SUPERADMIN', paidUntil: Date) {
    return render(
      <MemoryRouter>
        <PlanStatusBanner company={company(paidUntil)} role={role} now={NOW} />
      </MemoryRouter>,
    );
  }

  it('links an expired company’s ADMIN to the plan page to pay', () => {
    renderBanner('ADMIN', new Date(NOW.getTime() - 5 * DAY_MS));
    expect(screen.getByRole('alert').textContent).toContain('Оплаченный период закончился');
    expect(screen.getByRole('link', { name: 'Оплатить' }).getAttribute('href')).toBe(
      '/company/plan',
    );
  });

  it('tells a manager without a link (billing is the ADMIN’s), and stays away from the super admin', () => {
    renderBanner('MANAGER', new Date(NOW.getTime() - 5 * DAY_MS));
    expect(screen.getByRole('alert').textContent).toContain('Оплаченный период закончился');
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    renderBanner('SUPERADMIN', new Date(NOW.getTime() - 5 * DAY_MS));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells an employee without a link: the plan page is not theirs', () => {
    renderBanner('EMPLOYEE', new Date(NOW.getTime() - 5 * DAY_MS));
    expect(screen.getByRole('alert').textContent).toContain('Оплаченный период закончился');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
