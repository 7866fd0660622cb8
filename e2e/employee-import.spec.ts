import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, E2E_SUPERADMIN } from './support/constants.ts';
import { api, seedCompany, signInWithTokens, usePages } from './support/browser.ts';

const pages = usePages();

const HEADER =
  'Фамилия;Имя;Отчество;Табельный номер;Телефон;Email;Филиалы;Отдел;Должность;Дата приёма';

/** A CSV of `count` employees as Russian Excel saves it (`;`), the department new to the company. */
function employeesCsv(count: number, tag: string, broken?: number): string {
  const lines = [HEADER];
  for (let i = 1; i <= count; i++) {
    const email = i === broken ? 'не-почта' : `import-${tag}-${i}@e2e.local`;
    lines.push(
      [
        `Импортова${tag}`,
        `Анна${i}`,
        'Сергеевна',
        `E2E-${i}`,
        `+7955${tag.slice(-3)}${String(i).padStart(4, '0')}`,
        email,
        '',
        'Склад',
        'Кладовщик',
        `${String((i % 28) + 1).padStart(2, '0')}.03.2024`,
      ].join(';'),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function raiseUserLimit(accessToken: string, userLimit: number): Promise<void> {
  const superAdmin = await api<{ accessToken: string }>(
    'POST',
    '/api/v1/auth/login',
    E2E_SUPERADMIN,
  );
  const employee = await api<{ companyId: number }>(
    'GET',
    '/api/v1/profile/employee',
    undefined,
    accessToken,
  );
  const response = await api(
    'PATCH',
    `/api/v1/admin/companies/${employee.data.companyId}`,
    { userLimit },
    superAdmin.data.accessToken,
  );
  expect(response.status).toBe(200);
}

describe('employee import', () => {
  it('an admin imports a file of 50 employees after the preview finds an error in the first file', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    await raiseUserLimit(company.tokens.accessToken, 100);
    const tag = String(Date.now()).slice(-6);
    const { page } = await pages.open();
    await signInWithTokens(page, company.tokens);
    await page.goto('/company/employees');

    await page.getByRole('button', { name: 'Импорт' }).click();
    const drawer = page.getByRole('dialog', { name: 'Импорт сотрудников' });
    await drawer.getByRole('button', { name: 'Скачать шаблон' }).waitFor();

    // A file with one wrong email: the preview names it, the import stays closed.
    await drawer.locator('input[type="file"]').setInputFiles({
      name: 'сотрудники.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(employeesCsv(50, tag, 7), 'utf8'),
    });
    const counts = drawer.getByRole('list', { name: 'Итоги проверки' });
    const errorCount = () => counts.getByRole('listitem').nth(5).innerText();
    // Every row names a department the company lacks…
    await expect.poll(errorCount).toMatch(/^50\s/);
    await drawer.getByText('Отдел «Склад» не найден').first().waitFor();
    // …which the import may create; the wrong email stays an error.
    await drawer
      .getByRole('checkbox', { name: 'Создать недостающие филиалы, отделы и должности' })
      .check();
    await expect.poll(errorCount).toMatch(/^1\s/);
    await drawer.getByText('Некорректный email').waitFor();
    await drawer.getByRole('checkbox', { name: 'Только с ошибками' }).check();
    // The header row and the one wrong row.
    await expect.poll(() => drawer.getByRole('row').count()).toBe(2);
    await drawer.getByRole('cell', { name: 'не-почта' }).waitFor();
    const importButton = drawer.getByRole('button', { name: /^Импортировать/ });
    expect(await importButton.isDisabled()).toBe(true);

    // The corrected file; the missing department and position are created on the way.
    await drawer.getByRole('button', { name: 'Выбрать другой файл' }).click();
    await drawer.locator('input[type="file"]').setInputFiles({
      name: 'сотрудники.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(employeesCsv(50, tag), 'utf8'),
    });
    await drawer
      .getByRole('checkbox', { name: 'Создать недостающие филиалы, отделы и должности' })
      .check();
    await drawer.getByRole('button', { name: 'Импортировать 50 сотрудников' }).click();
    await drawer.getByText('Импорт завершён').waitFor({ timeout: 30_000 });
    const totals = drawer.getByRole('list', { name: 'Итоги импорта' });
    expect(await totals.getByRole('listitem').first().innerText()).toMatch(/^50\s+Добавлены/);
    await drawer.getByRole('button', { name: 'Готово' }).click();

    // The list shows them (the admin plus 50), with the new department.
    await page.getByText('51 запись').first().waitFor();
    const list = await api<{ total: number; items: { departmentTitle: string | null }[] }>(
      'GET',
      `/api/v1/employees?search=${encodeURIComponent(`Импортова${tag}`)}&limit=100`,
      undefined,
      company.tokens.accessToken,
    );
    expect(list.data.total).toBe(50);
    expect(list.data.items.every((item) => item.departmentTitle === 'Склад')).toBe(true);
  });
});
