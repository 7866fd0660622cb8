import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD } from './support/constants.ts';
import { api, PHONE, seedCompany, signInWithTokens, usePages } from './support/browser.ts';

const pages = usePages();

/** With E2E_SCREENSHOTS=<dir>, keeps a picture of the step for a person to look at. */
async function snapshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

describe('inviting a person who already has an account', () => {
  it('company B adds an existing person: an invitation; they accept and appear in B', async () => {
    const companyA = await seedCompany(E2E_PASSWORD);
    const companyB = await seedCompany(E2E_PASSWORD);

    // B's admin adds A's admin through the employee form.
    const admin = await pages.open();
    await signInWithTokens(admin.page, companyB.tokens);
    await admin.page.goto('/company/employees');
    await admin.page.getByRole('button', { name: 'Добавить сотрудника' }).first().click();
    const drawer = admin.page.getByRole('dialog');
    await drawer.getByLabel('Фамилия').fill('Приглашённая');
    await drawer.getByLabel('Имя', { exact: true }).fill('Ольга');
    await drawer.getByLabel('Email').fill(companyA.email);
    await drawer.getByLabel('Телефон').fill(`915${String(Date.now()).slice(-7)}`);
    await drawer.getByRole('button', { name: 'Сохранить' }).click();
    await admin.page.locator('text=Приглашение отправлено >> visible=true').waitFor();
    await admin.page
      .getByText('У этого человека уже есть учётная запись Smena', { exact: false })
      .first()
      .waitFor();
    await snapshot(admin.page, 'invitation-sent-1440');
    await admin.page.getByRole('button', { name: 'Понятно' }).click();

    // The «Приглашения» list shows it; the employee list does not.
    await admin.page.getByText('Приглашённая Ольга').waitFor();
    await snapshot(admin.page, 'employees-invitations-1440');
    const list = await api<{ total: number }>(
      'GET',
      `/api/v1/employees?search=${encodeURIComponent(companyA.email)}`,
      undefined,
      companyB.tokens.accessToken,
    );
    expect(list.data.total).toBe(0);

    // The person, logged in to their own company, sees it in their profile and accepts.
    const person = await pages.open(PHONE);
    await signInWithTokens(person.page, companyA.tokens);
    await person.page.goto('/company/profile/user#invitations');
    await person.page.getByText(`${companyB.title} приглашает вас`).waitFor();
    await snapshot(person.page, 'profile-invitation-390');
    await person.page.getByRole('button', { name: 'Принять' }).click();
    await person.page.locator(`text=Вы в компании «${companyB.title}» >> visible=true`).waitFor();
    await person.page.getByRole('dialog').getByRole('button', { name: 'Перейти' }).click();
    await person.page.waitForURL((url) => !url.pathname.startsWith('/company/profile'));
    const access = await person.page.evaluate(() => localStorage.getItem('access'));
    const me = await api<{ companyId: number; role: string }>(
      'GET',
      '/api/v1/profile/employee',
      undefined,
      access ?? '',
    );
    const companyBId = (
      await api<{ companyId: number }>(
        'GET',
        '/api/v1/profile/employee',
        undefined,
        companyB.tokens.accessToken,
      )
    ).data.companyId;
    expect(me.data.companyId).toBe(companyBId);

    // B now sees the person among its employees, with the account's own data read-only.
    await admin.page.reload();
    await admin.page.getByText(companyA.email).first().waitFor();
    expect(await admin.page.getByText('Приглашённая Ольга').count()).toBe(0);
    const found = await api<{ items: { id: number }[] }>(
      'GET',
      `/api/v1/employees?search=${encodeURIComponent(companyA.email)}`,
      undefined,
      companyB.tokens.accessToken,
    );
    await admin.page.goto(`/company/employees/${found.data.items[0]!.id}`);
    await admin.page.getByRole('button', { name: 'Изменить' }).click();
    const form = admin.page.getByRole('dialog');
    await form.getByText('Email и телефон меняет сам сотрудник в своём профиле').waitFor();
    expect(await form.getByLabel('Email').isDisabled()).toBe(true);
    expect(await form.getByLabel('Телефон').isDisabled()).toBe(true);
    await snapshot(admin.page, 'employee-edit-locked-1440');

    // B spells the name its own way: only how B shows it changes, never the account.
    await form
      .getByText('Имя в вашей компании. Учётную запись сотрудника это не меняет.', { exact: false })
      .waitFor();
    await form.getByLabel('Фамилия').fill('Приглашённая');
    await form.getByLabel('Имя', { exact: true }).fill('Ольга');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await admin.page.getByText('Изменения сохранены').first().waitFor();
    await admin.page.getByText('Приглашённая Ольга').first().waitFor();
    const card = await api<{ lastName: string; accountName: string | null }>(
      'GET',
      `/api/v1/employees/${found.data.items[0]!.id}`,
      undefined,
      companyB.tokens.accessToken,
    );
    expect(card.data.lastName).toBe('Приглашённая');
    expect(card.data.accountName).not.toContain('Приглашённая');
  });
});
