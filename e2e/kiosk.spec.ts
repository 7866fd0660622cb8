import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD } from './support/constants.ts';
import { PHONE, api, seedCompany, signInWithTokens, usePages } from './support/browser.ts';

const pages = usePages();

type Tokens = { accessToken: string; refreshToken: string };
type CheckList = { items: { employeeId: number; source: string; checkOut: string | null }[] };

const TABLET = { width: 1280, height: 800 };

/** A company with a branch and two employees of it who can sign in; Борис has a kiosk PIN. */
async function seedKioskBranch() {
  const company = await seedCompany(E2E_PASSWORD);
  const token = company.tokens.accessToken;
  const stamp = Date.now().toString(36);
  const branch = await api<{ id: number }>(
    'POST',
    '/api/v1/branches',
    { title: 'Склад на Промышленной', latitude: 55.75, longitude: 37.61, radius: 200 },
    token,
  );
  expect(branch.status).toBe(201);

  async function person(mailbox: string, lastName: string, personnelNumber: string) {
    const email = `${mailbox}-${stamp}@e2e.local`;
    const created = await api<{ id: number }>(
      'POST',
      '/api/v1/employees',
      {
        lastName,
        firstName: mailbox === 'anna' ? 'Анна' : 'Борис',
        email,
        phone: `+7915${String(Date.now() + Math.floor(Math.random() * 1000)).slice(-7)}`,
        password: E2E_PASSWORD,
        branchIds: [branch.data.id],
        personnelNumber,
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

  const anna = await person('anna', `Сканова${stamp}`, '7101');
  const boris = await person('boris', `Пинов${stamp}`, '7102');
  const pin = await api('PUT', '/api/v1/kiosk-pin', { pin: '4719' }, boris.tokens.accessToken);
  expect(pin.status, JSON.stringify(pin.data)).toBe(200);
  const code = await api<{ code: string }>(
    'POST',
    '/api/v1/kiosks/pairing-codes',
    { branchId: branch.data.id, title: 'Планшет у проходной' },
    token,
  );
  expect(code.status).toBe(201);
  return { admin: token, anna, boris, code: code.data.code };
}

async function checksOf(admin: string, employeeId: number) {
  const list = await api<CheckList>(
    'GET',
    `/api/v1/checks?employeeId=${employeeId}`,
    undefined,
    admin,
  );
  expect(list.status).toBe(200);
  return list.data.items;
}

describe('the branch kiosk', () => {
  it('pairs with a code, an employee checks in by scanning its QR, and a PIN punch taken offline arrives once', async () => {
    const seeded = await seedKioskBranch();

    // The tablet at the entrance is paired with the one-time code the admin got.
    const kiosk = await pages.open(TABLET);
    await kiosk.page.goto('/kiosk');
    await kiosk.page.getByLabel('Код подключения').fill(seeded.code);
    await kiosk.page.getByRole('button', { name: 'Подключить' }).click();
    await kiosk.page.getByLabel('Время филиала').waitFor();
    const qr = kiosk.page.locator('.smena-kiosk__qr');
    await expect.poll(() => qr.getAttribute('data-payload')).not.toBe('');
    const payload = (await qr.getAttribute('data-payload'))!;

    // Анна, on her phone, gives the scanner what the kiosk shows: checked in without GPS.
    const anna = await pages.open(PHONE);
    await signInWithTokens(anna.page, seeded.anna.tokens);
    await anna.page.goto('/');
    await anna.page.getByRole('button', { name: 'Отметиться по QR' }).click();
    const dialog = anna.page.getByRole('dialog', { name: 'Отметка по QR-коду киоска' });
    await dialog.getByLabel('Код с экрана киоска').fill(payload);
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await dialog.getByText(/^Приход \d{2}:\d{2}$/).waitFor();
    const annaChecks = await checksOf(seeded.admin, seeded.anna.id);
    expect(annaChecks.map((check) => check.source)).toEqual(['KIOSK_QR']);

    // The network goes down; Борис punches with his number and PIN: kept on the tablet.
    await kiosk.context.setOffline(true);
    await kiosk.page.getByRole('button', { name: 'Ввести PIN' }).click();
    const keypad = kiosk.page.getByRole('group', { name: 'Отметка по PIN' });
    for (const digit of '7102')
      await keypad.getByRole('button', { name: digit, exact: true }).click();
    await keypad.getByRole('button', { name: 'Далее' }).click();
    for (const digit of '4719')
      await keypad.getByRole('button', { name: digit, exact: true }).click();
    await keypad.getByRole('button', { name: 'Отметиться' }).click();
    await kiosk.page
      .getByText('Отметка сохранена и будет отправлена, когда появится связь')
      .waitFor();
    await kiosk.page.getByRole('button', { name: 'Готово' }).click();
    await kiosk.page.getByText('Ожидают отправки: 1').waitFor();
    expect(await checksOf(seeded.admin, seeded.boris.id)).toEqual([]);

    // Back online: the queue is sent, and the check is there exactly once.
    await kiosk.context.setOffline(false);
    await kiosk.page.getByText(/Ожидают отправки/).waitFor({ state: 'detached', timeout: 40_000 });
    await expect.poll(async () => (await checksOf(seeded.admin, seeded.boris.id)).length).toBe(1);
    const borisChecks = await checksOf(seeded.admin, seeded.boris.id);
    expect(borisChecks.map((check) => check.source)).toEqual(['KIOSK_PIN']);
  });
});
