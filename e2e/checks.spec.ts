import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD } from './support/constants.ts';
import {
  api,
  baseUrl,
  loginThroughForm,
  PHONE,
  seedCompany,
  type TestPage,
  usePages,
} from './support/browser.ts';

const pages = usePages();

/** The branch: Red Square, a 200 m zone. */
const BRANCH = { latitude: 55.7539, longitude: 37.6208 };

/** A phone page whose browser grants the location and reports the given position. */
async function phoneAt(position: { latitude: number; longitude: number }): Promise<TestPage> {
  const current = await pages.open(PHONE);
  await current.context.grantPermissions(['geolocation'], { origin: baseUrl() });
  await current.context.setGeolocation({ ...position, accuracy: 10 });
  return current;
}

describe('checking in from the phone', () => {
  it('an employee inside the zone checks in and out; far away the check-in is refused with the distance', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const token = company.tokens.accessToken;
    const branch = await api(
      'POST',
      '/api/v1/branches',
      { title: 'Красная площадь', address: 'Москва', ...BRANCH, radius: 200 },
      token,
    );
    expect(branch.status).toBe(201);
    const stamp = Date.now().toString(36);
    const email = `walker-${stamp}@e2e.local`;
    const employee = await api(
      'POST',
      '/api/v1/employees',
      {
        lastName: 'Ходоков',
        firstName: 'Пётр',
        email,
        phone: `+7917${String(Date.now()).slice(-7)}`,
        branchIds: [branch.data.id],
        password: E2E_PASSWORD,
      },
      token,
    );
    expect(employee.status).toBe(201);

    // About 50 m from the branch's point.
    const { page } = await phoneAt({
      latitude: BRANCH.latitude + 0.0004,
      longitude: BRANCH.longitude,
    });
    await loginThroughForm(page, email, E2E_PASSWORD);
    const checkIn = page.getByRole('button', { name: /Отметиться$/ });
    await checkIn.waitFor();
    await expect.poll(() => checkIn.isEnabled()).toBe(true);
    await checkIn.click();
    await page.getByText(/^Приход отмечен в \d{2}:\d{2}$/).waitFor();
    await page.getByText(/Вы на месте с \d{2}:\d{2}/).waitFor();

    await page.getByRole('button', { name: 'Уйти' }).click();
    await page.getByText(/^Уход отмечен в \d{2}:\d{2}$/).waitFor();
    await page.getByRole('button', { name: /Отметиться$/ }).waitFor();

    const checks = await api(
      'GET',
      `/api/v1/checks?employeeId=${employee.data.id}`,
      undefined,
      token,
    );
    expect(checks.data.items).toHaveLength(1);
    expect(checks.data.items[0]).toMatchObject({
      branchId: branch.data.id,
      source: 'WEB',
      autoClosed: false,
    });
    expect(checks.data.items[0].checkOutDateTime).not.toBeNull();

    // About 5.5 km north: refused, with the distance beyond the zone in kilometres.
    const far = await phoneAt({ latitude: BRANCH.latitude + 0.05, longitude: BRANCH.longitude });
    await loginThroughForm(far.page, email, E2E_PASSWORD);
    const again = far.page.getByRole('button', { name: /Отметиться$/ });
    await again.waitFor();
    await expect.poll(() => again.isEnabled()).toBe(true);
    await again.click();
    const refusal = far.page.getByText(/^Вы находитесь вне зоны филиала: \d+(,\d)? км$/);
    await refusal.waitFor();
    const kilometres = Number(
      (await refusal.textContent())?.match(/(\d+(,\d)?) км/)?.[1]?.replace(',', '.'),
    );
    expect(kilometres).toBeGreaterThan(5);
    await far.page.getByText(/Подойдите ближе к филиалу/).waitFor();

    const after = await api(
      'GET',
      `/api/v1/checks?employeeId=${employee.data.id}`,
      undefined,
      token,
    );
    expect(after.data.total).toBe(1);
  });
});
