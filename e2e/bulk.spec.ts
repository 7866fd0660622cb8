import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD } from './support/constants.ts';
import { api, seedCompany, signInWithTokens, type TestPage, usePages } from './support/browser.ts';

const pages = usePages();
let current: TestPage | undefined;

const FIVE_TWO = {
  type: 'FIXED',
  days: Array.from({ length: 7 }, (_, i) => ({
    working: i < 5,
    start: '09:00',
    end: '18:00',
    breakMinutes: 60,
  })),
};

/** This month in the company's timezone (Europe/Moscow), as the calendar opens it. */
function thisMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' })
    .format(new Date())
    .slice(0, 7);
}

describe('bulk actions', () => {
  it('a manager selects a range of calendar cells, makes them rest days, then resends invitations from the list', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const token = company.tokens.accessToken;
    const tag = Date.now().toString(36);
    const people: { id: number; lastName: string }[] = [];
    for (const [index, lastName] of [`Аксёнова${tag}`, `Белова${tag}`].entries()) {
      const created = await api(
        'POST',
        '/api/v1/employees',
        {
          lastName,
          firstName: 'Ирина',
          email: `bulk-${index}-${tag}@e2e.local`,
          phone: `+7917${String(Date.now() + index).slice(-7)}`,
        },
        token,
      );
      expect(created.status).toBe(201);
      people.push({ id: created.data.id, lastName });
    }
    const schedule = await api(
      'POST',
      '/api/v1/schedules',
      { title: 'Пятидневка', definition: FIVE_TWO, color: '#1677ff' },
      token,
    );
    expect(schedule.status).toBe(201);
    const month = thisMonth();
    const assigned = await api(
      'POST',
      '/api/v1/schedule-assignments',
      {
        employeeIds: people.map((person) => person.id),
        scheduleId: schedule.data.id,
        effectiveFrom: `${month}-01`,
      },
      token,
    );
    expect(assigned.status).toBe(200);

    current = await pages.open();
    const { page } = current;
    await signInWithTokens(page, company.tokens);
    await page.goto(`/company/calendar?month=${month}`);
    const cell = (lastName: string, day: string) =>
      page.getByRole('gridcell', { name: new RegExp(`^${lastName}.*, ${month}-${day}:`) });
    await cell(people[0]!.lastName, '10').waitFor();

    // Ctrl-click starts the selection, shift-click extends it to a 2 × 3 rectangle.
    await cell(people[0]!.lastName, '10').click({ modifiers: ['Control'] });
    await cell(people[1]!.lastName, '12').click({ modifiers: ['Shift'] });
    expect(await cell(people[1]!.lastName, '11').getAttribute('aria-selected')).toBe('true');
    const bar = page.getByRole('toolbar', { name: 'Действия с выбранными ячейками' });
    await bar.getByText('Выбрано: 6 ячеек').waitFor();

    await bar.getByRole('button', { name: 'Выходной' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Сделать выходными' }).click();
    await dialog.getByText('Успешно: 6').waitFor();
    await dialog.getByRole('button', { name: 'Готово' }).click();
    // The grid is loaded again: the cells are rest days placed by hand, and nothing is selected.
    await page
      .getByRole('gridcell', {
        name: new RegExp(`^${people[1]!.lastName}.*, ${month}-11: Выходной по графику · изменено`),
      })
      .waitFor();
    expect(await cell(people[1]!.lastName, '11').getAttribute('aria-selected')).toBe('false');

    // The list: both picked, invitations sent again (neither has signed in yet).
    await page.goto('/company/employees');
    for (const person of people) {
      await page
        .getByRole('checkbox', { name: new RegExp(`^Выбрать: ${person.lastName}`) })
        .check();
    }
    const listBar = page.getByRole('toolbar', { name: 'Действия с выбранными сотрудниками' });
    await listBar.getByText('Выбрано: 2 сотрудника').waitFor();
    await listBar.getByRole('button', { name: 'Отправить приглашения повторно' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отправить', exact: true }).click();
    await page.getByRole('dialog').getByText('Успешно: 2').waitFor();
    expect(current.errors).toEqual([]);
  });
});
