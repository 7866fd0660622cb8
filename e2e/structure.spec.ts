import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD } from './support/constants.ts';
import {
  api,
  chooseOption,
  loginThroughForm,
  PHONE,
  seedCompany,
  signInWithTokens,
  type TestPage,
  usePages,
} from './support/browser.ts';

const pages = usePages();
let current: TestPage | undefined;

describe('company structure', () => {
  it('an admin creates a branch, a department, a position and an employee, then finds the employee', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    current = await pages.open();
    const { page } = current;
    await signInWithTokens(page, company.tokens);

    await page.goto('/company/structures/branches');
    await page.getByRole('button', { name: 'Добавить филиал' }).first().click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Название', { exact: true }).fill('Офис на Тверской');
    await dialog.getByLabel('Адрес').fill('Тверская ул., 1');
    await dialog.getByLabel('Широта').fill('55.757');
    await dialog.getByLabel('Долгота').fill('37.615');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('cell', { name: 'Офис на Тверской' }).first().waitFor();

    await page.goto('/company/structures/departments');
    await page.getByRole('button', { name: 'Добавить отдел' }).first().click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Название', { exact: true }).fill('Продажи');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('cell', { name: 'Продажи' }).first().waitFor();

    await page.goto('/company/structures/positions');
    await page.getByRole('button', { name: 'Добавить должность' }).first().click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Название', { exact: true }).fill('Кассир');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('cell', { name: 'Кассир' }).first().waitFor();

    await page.goto('/company/employees');
    await page.getByRole('button', { name: 'Добавить сотрудника' }).first().click();
    dialog = page.getByRole('dialog');
    const lastName = `Соколова${Date.now().toString(36)}`;
    await dialog.getByLabel('Фамилия').fill(lastName);
    await dialog.getByLabel('Имя', { exact: true }).fill('Мария');
    await dialog.getByLabel('Email').fill(`sokolova-${Date.now().toString(36)}@e2e.local`);
    await dialog.getByLabel('Телефон').fill(`915${String(Date.now()).slice(-7)}`);
    await chooseOption(page, dialog, 'Отдел', 'Продажи');
    await chooseOption(page, dialog, 'Должность', 'Кассир');
    await chooseOption(page, dialog, 'Филиалы', 'Офис на Тверской');
    await dialog.getByLabel('Фамилия').click();
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText(lastName).first().waitFor();

    // Found by search, alone.
    await page.getByLabel('Поиск сотрудников').fill(lastName.slice(0, 10));
    await page.waitForURL((url) => url.searchParams.get('search') === lastName.slice(0, 10));
    await page.getByText(lastName).first().waitFor();
    await page.getByText('1 запись').first().waitFor();

    const created = await api(
      'GET',
      `/api/v1/employees?search=${encodeURIComponent(lastName)}`,
      undefined,
      company.tokens.accessToken,
    );
    expect(created.data.items[0]).toMatchObject({
      departmentTitle: 'Продажи',
      positionTitle: 'Кассир',
      branches: [{ title: 'Офис на Тверской' }],
    });
  });
});

describe('invitation links', () => {
  it('an employee registers with an invitation link on a phone, then logs in', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const position = await api(
      'POST',
      '/api/v1/positions',
      { title: 'Бариста' },
      company.tokens.accessToken,
    );
    expect(position.status).toBe(201);

    // The admin creates the link in the invitations drawer.
    const admin = await pages.open();
    await signInWithTokens(admin.page, company.tokens);
    await admin.page.goto('/company/employees');
    await admin.page.getByRole('button', { name: 'Пригласить' }).first().click();
    const drawer = admin.page.getByRole('dialog');
    await chooseOption(admin.page, drawer, 'Должность', 'Бариста');
    await drawer.getByRole('button', { name: 'Создать приглашение' }).click();
    const linkText = await drawer.getByLabel('Ссылка-приглашение').first().inputValue();
    const url = /\/register-with-link\?uuid=[0-9a-f-]{36}/.exec(linkText)![0];
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    current = await pages.open(PHONE);
    const { page } = current;
    await page.goto(url);
    await page.getByText(company.title, { exact: false }).first().waitFor();
    const email = `barista-${Date.now().toString(36)}@e2e.local`;
    await page.getByLabel('Фамилия').fill('Ким');
    await page.getByLabel('Имя', { exact: true }).fill('Алина');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Телефон').fill(`917${String(Date.now()).slice(-7)}`);
    await page.getByLabel('Пароль', { exact: true }).fill('barista-password');
    await page.getByLabel('Повторите пароль').fill('barista-password');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page
      .getByText(/Алина!/)
      .first()
      .waitFor();

    // Logs out and back in with the new credentials.
    await page.evaluate(() => localStorage.clear());
    await loginThroughForm(page, email, 'barista-password');
    await page.waitForURL((u) => u.pathname === '/');
    await page
      .getByText(/Алина!/)
      .first()
      .waitFor();

    const employees = await api(
      'GET',
      `/api/v1/employees?search=${encodeURIComponent(email)}`,
      undefined,
      company.tokens.accessToken,
    );
    expect(employees.data.items[0]).toMatchObject({ role: 'EMPLOYEE', positionTitle: 'Бариста' });
  });
});
