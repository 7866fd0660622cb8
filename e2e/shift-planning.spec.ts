import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, OFFICE_WEEK } from './support/constants.ts';
import {
  PHONE,
  api,
  chooseOption,
  seedCompany,
  signInWithTokens,
  usePages,
} from './support/browser.ts';

const pages = usePages();

type Tokens = { accessToken: string; refreshToken: string };

/** `yyyy-MM-dd` in Moscow (the seeded companies' zone), `days` from today. */
function moscowDate(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/**
 * A company that publishes its schedule, with a branch, a manager whose scope is the branch, Анна
 * on a 5/2 schedule and Борис with no schedule (free on every date), both able to sign in.
 */
async function seedBranch() {
  const company = await seedCompany(E2E_PASSWORD);
  const token = company.tokens.accessToken;
  const stamp = Date.now().toString(36);

  const setting = await api(
    'PATCH',
    '/api/v1/profile/company',
    { schedulePublication: true },
    token,
  );
  expect(setting.status).toBe(200);
  const branch = await api<{ id: number }>(
    'POST',
    '/api/v1/branches',
    { title: 'Магазин на Садовой', latitude: 55.75, longitude: 37.61, radius: 200 },
    token,
  );
  expect(branch.status).toBe(201);
  const branchId = branch.data.id;

  async function person(mailbox: string, lastName: string, firstName: string, role?: 'MANAGER') {
    const email = `${mailbox}-${stamp}@e2e.local`;
    const created = await api<{ id: number }>(
      'POST',
      '/api/v1/employees',
      {
        lastName,
        firstName,
        email,
        phone: `+7916${String(Date.now() + Math.floor(Math.random() * 1000)).slice(-7)}`,
        password: E2E_PASSWORD,
        branchIds: [branchId],
        hireDate: `${Number(moscowDate().slice(0, 4)) - 1}-01-01`,
        ...(role ? { role } : {}),
      },
      token,
    );
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const login = await api<Tokens>('POST', '/api/v1/auth/login', {
      email,
      password: E2E_PASSWORD,
    });
    expect(login.status).toBe(200);
    return { id: created.data.id, tokens: login.data };
  }

  const anna = await person('anna', `Сменова${stamp}`, 'Анна');
  const boris = await person('boris', `Подменов${stamp}`, 'Борис');
  const manager = await person('vera', `Графикова${stamp}`, 'Вера', 'MANAGER');
  const scope = await api(
    'PUT',
    `/api/v1/employees/${manager.id}/manager-scope`,
    { kind: 'UNITS', branchIds: [branchId] },
    token,
  );
  expect(scope.status).toBe(200);

  const schedule = await api<{ id: number }>(
    'POST',
    '/api/v1/schedules',
    { title: 'Пятидневка', definition: OFFICE_WEEK },
    token,
  );
  expect(schedule.status).toBe(201);
  const assigned = await api(
    'POST',
    '/api/v1/schedule-assignments',
    {
      employeeIds: [anna.id],
      scheduleId: schedule.data.id,
      effectiveFrom: `${moscowDate().slice(0, 7)}-01`,
    },
    token,
  );
  expect(assigned.status).toBe(200);

  return { branchId, anna, boris, manager, stamp };
}

describe('planning a month together', () => {
  it('a manager publishes, an employee on a phone acknowledges and hands a shift over, a colleague takes it, the manager approves and publishes the change', async () => {
    const seeded = await seedBranch();
    const { branchId, stamp } = seeded;
    const month = moscowDate().slice(0, 7);
    // «Мой график» covers two weeks: the next month too when they reach into it.
    const lastShown = moscowDate(13);

    // The manager publishes the branch's month from the calendar: late for art. 103, so it warns.
    const manager = await pages.open();
    await signInWithTokens(manager.page, seeded.manager.tokens);
    await manager.page.goto(`/company/calendar?branchId=${branchId}`);
    const bar = manager.page.getByRole('region', { name: 'Публикация графика' });
    await bar.getByText('Черновик — сотрудники не видят').waitFor();
    await bar.getByRole('button', { name: 'Опубликовать', exact: true }).click();
    const confirm = manager.page.getByRole('dialog', { name: 'Опубликовать график?' });
    await confirm.getByText('Позже срока').waitFor();
    await confirm.getByRole('button', { name: 'Опубликовать', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await bar.getByText('Опубликован', { exact: true }).waitFor();
    await bar.getByRole('button', { name: /^Ознакомлены 0 из \d+$/ }).waitFor();
    if (lastShown.slice(0, 7) !== month) {
      const next = await api(
        'POST',
        '/api/v1/schedule-publications',
        { month: lastShown.slice(0, 7), branchId },
        seeded.manager.tokens.accessToken,
      );
      expect(next.status).toBe(201);
    }

    // Анна, on a phone: her published shifts, «Ознакомлен» for every month shown.
    const anna = await pages.open(PHONE);
    await signInWithTokens(anna.page, seeded.anna.tokens);
    await anna.page.goto('/');
    const mySchedule = anna.page.locator('.smena-my-schedule');
    await mySchedule.getByRole('list', { name: 'Мои смены на две недели' }).waitFor();
    const acknowledge = mySchedule.getByRole('button', { name: 'Ознакомлен' });
    await acknowledge.first().waitFor();
    while ((await acknowledge.count()) > 0) {
      const before = await acknowledge.count();
      await acknowledge.first().click();
      await expect.poll(() => acknowledge.count()).toBe(before - 1);
    }
    await mySchedule
      .getByText(/Ознакомлен \d{4}-\d{2}-\d{2}/)
      .first()
      .waitFor();

    // She hands her last shift of the two weeks over to Борис.
    const exchange = anna.page.locator('.smena-exchange').filter({ hasText: 'Обмен сменами' });
    const handOver = exchange.getByRole('button', { name: 'Отдать смену / обменяться' });
    await handOver.first().waitFor();
    await handOver.last().click();
    const offer = anna.page.getByRole('dialog', { name: 'Отдать смену' });
    await offer.getByText('Конкретному коллеге').click();
    await chooseOption(anna.page, offer, 'Коллега', `Подменов${stamp} Борис`);
    await offer.getByRole('button', { name: 'Предложить' }).click();
    await offer.waitFor({ state: 'hidden' });
    await exchange.getByText('Мои предложения').waitFor();

    // Борис, on his phone, takes it.
    const boris = await pages.open(PHONE);
    await signInWithTokens(boris.page, seeded.boris.tokens);
    await boris.page.goto('/');
    const offers = boris.page.locator('.smena-exchange').filter({ hasText: 'Предложения обмена' });
    await offers.getByText(`Сменова${stamp}`, { exact: false }).waitFor();
    await offers.getByRole('button', { name: 'Взять смену' }).click();
    const take = boris.page.getByRole('dialog', { name: 'Взять эту смену?' });
    await take.getByRole('button', { name: 'Взять' }).click();
    await boris.page
      .getByText('Вы приняли смену — ждём решения руководителя', { exact: true })
      .waitFor();

    // The manager approves the hand-over: both dates are rewritten at once.
    await manager.page.goto('/company/shift-exchange?tab=swaps');
    const swapItem = manager.page
      .locator('.smena-exchange__item')
      .filter({ hasText: `Подменов${stamp}` });
    await swapItem.getByRole('button', { name: 'Одобрить' }).click();
    await manager.page.getByText('Обмен одобрен, графики обновлены', { exact: true }).waitFor();
    await swapItem.getByRole('button', { name: 'Одобрить' }).waitFor({ state: 'detached' });

    // The change is a draft until published; publishing it tells the two people it touches.
    const swaps = await api<{ items: { date: string; status: string }[] }>(
      'GET',
      '/api/v1/shift-swaps?status=APPROVED',
      undefined,
      seeded.manager.tokens.accessToken,
    );
    expect(swaps.status).toBe(200);
    expect(swaps.data.items).toHaveLength(1);
    const swapDate = swaps.data.items[0]!.date;
    await manager.page.goto(`/company/calendar?branchId=${branchId}&month=${swapDate.slice(0, 7)}`);
    await bar.getByText('Изменено после публикации: дней 2, сотрудников 2').waitFor();
    await bar.getByRole('button', { name: 'Опубликовать изменения' }).click();
    const republish = manager.page.getByRole('dialog', { name: 'Опубликовать изменения графика?' });
    await republish.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await republish.waitFor({ state: 'hidden' });
    await bar.getByText('Изменений после публикации нет').waitFor();

    // Борис now sees the shift in his published schedule, and is asked to acknowledge the change.
    await boris.page.reload();
    const borisSchedule = boris.page.locator('.smena-my-schedule');
    await borisSchedule.getByText(new RegExp(`Изменены дни: .*${swapDate}`)).waitFor();
    await borisSchedule
      .locator('.smena-my-schedule__day')
      .filter({ hasText: swapDate })
      .getByText(/09:00/)
      .waitFor();
  });
});
