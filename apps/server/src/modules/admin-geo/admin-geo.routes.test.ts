import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AdminCitiesPageSchema,
  AdminCitySchema,
  AdminCountriesPageSchema,
  AdminCountrySchema,
} from '@smena/contract';
import { branches, cities, countries } from '../../db/schema/index.ts';
import { SEED_CITIES, SEED_COUNTRIES } from '../../db/seed.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, loginSuperAdmin, type TestCompany } from '../../../test/factories.ts';

let t: TestApp;
let superToken: string;
let company: TestCompany;

beforeAll(async () => {
  t = await buildTestApp();
  superToken = (await loginSuperAdmin(t.app)).accessToken;
  company = await createCompany(t.app);
});
afterAll(async () => {
  await t.close();
});

async function createCountry(payload: Record<string, unknown>) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/admin/countries',
    token: superToken,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return AdminCountrySchema.parse(response.data);
}

async function createCity(payload: Record<string, unknown>) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/admin/cities',
    token: superToken,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return AdminCitySchema.parse(response.data);
}

describe('seed', () => {
  it('has the eight countries and their main cities', async () => {
    const rows = await t.database.db
      .select({ code: countries.code, id: countries.id })
      .from(countries);
    const codes = rows.map((row) => row.code);
    for (const code of ['RU', 'KZ', 'UZ', 'BY', 'KG', 'AM', 'AZ', 'TJ']) {
      expect(codes).toContain(code);
    }
    expect(SEED_COUNTRIES).toHaveLength(8);
    const capitals = await t.database.db.select({ name: cities.name }).from(cities);
    const names = capitals.map((row) => row.name);
    for (const code of Object.keys(SEED_CITIES)) {
      expect(names).toEqual(expect.arrayContaining(SEED_CITIES[code]!));
    }
  });
});

describe('countries', () => {
  it('lists the countries with usage counts, searches and sorts', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/admin/countries?search=росс',
      token: superToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = AdminCountriesPageSchema.parse(response.data);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ code: 'RU', phoneCode: '+7' });
    // The seeded cities, the test company and at least its admin and the super admin's none.
    expect(page.items[0]!.cityCount).toBeGreaterThanOrEqual(SEED_CITIES.RU!.length);
    expect(page.items[0]!.companyCount).toBeGreaterThanOrEqual(1);
    expect(page.items[0]!.userCount).toBeGreaterThanOrEqual(1);

    const sorted = await call(t.app, {
      method: 'GET',
      url: '/api/v1/admin/countries?sort=code&order=desc&limit=100',
      token: superToken,
    });
    const codes = AdminCountriesPageSchema.parse(sorted.data).items.map((item) => item.code);
    expect(codes).toEqual([...codes].sort().reverse());
  });

  it('creates, edits and deletes an unused country', async () => {
    const created = await createCountry({ name: 'Грузия', code: 'ge', phoneCode: '995' });
    expect(created).toMatchObject({
      name: 'Грузия',
      code: 'GE',
      phoneCode: '+995',
      cityCount: 0,
      companyCount: 0,
      userCount: 0,
    });

    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/admin/countries/${created.id}`,
      token: superToken,
      payload: { name: 'Грузия (Сакартвело)', code: 'GE' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(AdminCountrySchema.parse(patched.data).name).toBe('Грузия (Сакартвело)');

    // Everybody reads the change through the public list.
    const publicList = await call(t.app, { method: 'GET', url: '/api/v1/countries' });
    expect(publicList.data.map((country: { code: string }) => country.code)).toContain('GE');

    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/admin/countries/${created.id}`,
      token: superToken,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.data).toEqual({ ok: true });
    const again = await call(t.app, {
      method: 'GET',
      url: `/api/v1/admin/countries/${created.id}`,
      token: superToken,
    });
    expect(again.statusCode).toBe(404);
    expect(again.data.message).toBe('Страна не найдена');
  });

  it('answers 409 with a field message for a taken code or name', async () => {
    const code = await call(t.app, {
      method: 'POST',
      url: '/api/v1/admin/countries',
      token: superToken,
      payload: { name: 'Другая Россия', code: 'RU', phoneCode: '+7' },
    });
    expect(code.statusCode).toBe(409);
    expect(code.data.details).toEqual([
      { field: 'code', message: 'Страна с таким ISO-кодом уже есть' },
    ]);

    const name = await call(t.app, {
      method: 'POST',
      url: '/api/v1/admin/countries',
      token: superToken,
      payload: { name: 'россия', code: 'XR', phoneCode: '+7' },
    });
    expect(name.statusCode).toBe(409);
    expect(name.data.details).toEqual([
      { field: 'name', message: 'Страна с таким названием уже есть' },
    ]);
  });

  it('answers 422 with Russian field messages for bad input', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/admin/countries',
      token: superToken,
      payload: { name: ' ', code: 'RUS', phoneCode: '+12345' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.code).toBe('VALIDATION_ERROR');
    const fields = Object.fromEntries(
      response.data.details.map((detail: { field: string; message: string }) => [
        detail.field,
        detail.message,
      ]),
    );
    expect(fields).toMatchObject({
      name: 'Введите название',
      code: 'ISO-код — две латинские буквы, например RU',
      phoneCode: 'Телефонный код — «+» и до 4 цифр, например +7',
    });
    const unknownField = await call(t.app, {
      method: 'PATCH',
      url: '/api/v1/admin/countries/1',
      token: superToken,
      payload: { id: 5 },
    });
    expect(unknownField.statusCode).toBe(422);
  });

  it('refuses to delete a country in use, and to change a used code, with 409', async () => {
    const [russia] = await t.database.db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.code, 'RU'));
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/admin/countries/${russia!.id}`,
      token: superToken,
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.data.message).toMatch(/^Страну нельзя удалить: она используется \(\d+ город/);

    const recoded = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/admin/countries/${russia!.id}`,
      token: superToken,
      payload: { code: 'RX' },
    });
    expect(recoded.statusCode).toBe(409);
    expect(recoded.data.details[0].field).toBe('code');
  });

  it('answers 404 for a missing country', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await call(t.app, {
        method,
        url: '/api/v1/admin/countries/999999',
        token: superToken,
        ...(method === 'PATCH' ? { payload: { name: 'Нет' } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
    }
  });
});

describe('cities', () => {
  it('creates, lists by country, edits and deletes a city', async () => {
    const country = await createCountry({ name: 'Молдова', code: 'MD', phoneCode: '+373' });
    const city = await createCity({ name: 'Кишинёв', countryId: country.id });
    expect(city).toMatchObject({
      name: 'Кишинёв',
      countryId: country.id,
      countryCode: 'MD',
      countryName: 'Молдова',
      branchCount: 0,
    });

    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/admin/cities?countryId=${country.id}`,
      token: superToken,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(AdminCitiesPageSchema.parse(list.data)).toMatchObject({ total: 1 });

    const searched = await call(t.app, {
      method: 'GET',
      url: '/api/v1/admin/cities?search=кишин',
      token: superToken,
    });
    expect(searched.data.items.map((item: { id: number }) => item.id)).toEqual([city.id]);

    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/admin/cities/${city.id}`,
      token: superToken,
      payload: { name: 'Кишинев' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.data.name).toBe('Кишинев');

    // Everyone logged in reads cities through /cities.
    const read = await call(t.app, {
      method: 'GET',
      url: '/api/v1/cities?country=MD',
      token: company.admin.tokens.accessToken,
    });
    expect(read.data.map((item: { name: string }) => item.name)).toEqual(['Кишинев']);

    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/admin/cities/${city.id}`,
      token: superToken,
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('answers 409 for a city already in the country, whatever the case', async () => {
    const [russia] = await t.database.db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.code, 'RU'));
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/admin/cities',
      token: superToken,
      payload: { name: 'москва', countryId: russia!.id },
    });
    expect(response.statusCode).toBe(409);
    expect(response.data.details).toEqual([
      { field: 'name', message: 'Такой город в этой стране уже есть' },
    ]);
  });

  it('answers 422 for an unknown country and for a missing name', async () => {
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/api/v1/admin/cities',
      token: superToken,
      payload: { name: 'Атлантида', countryId: 999999 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.data.details).toEqual([
      { field: 'countryId', message: 'Выберите страну из списка' },
    ]);
    const empty = await call(t.app, {
      method: 'POST',
      url: '/api/v1/admin/cities',
      token: superToken,
      payload: { countryId: 'x' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.data.details.map((detail: { field: string }) => detail.field)).toEqual(
      expect.arrayContaining(['name', 'countryId']),
    );
  });

  it('refuses to delete a city a branch names', async () => {
    const country = await createCountry({ name: 'Монголия', code: 'MN', phoneCode: '+976' });
    const city = await createCity({ name: 'Улан-Батор', countryId: country.id });
    await t.database.db.insert(branches).values({
      companyId: company.companyId,
      title: 'Филиал в Улан-Баторе',
      cityId: city.id,
      latitude: 47.92,
      longitude: 106.92,
      timezone: 'Asia/Ulaanbaatar',
    });
    const response = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/admin/cities/${city.id}`,
      token: superToken,
    });
    expect(response.statusCode).toBe(409);
    expect(response.data.message).toBe(
      'Город нельзя удалить: он указан в филиалах (1). Сначала выберите в них другой город.',
    );
    const listed = await call(t.app, {
      method: 'GET',
      url: `/api/v1/admin/cities?countryId=${country.id}&sort=branchCount&order=desc`,
      token: superToken,
    });
    expect(listed.data.items[0]).toMatchObject({ id: city.id, branchCount: 1 });

    const countryDelete = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/admin/countries/${country.id}`,
      token: superToken,
    });
    expect(countryDelete.statusCode).toBe(409);
    expect(countryDelete.data.message).toContain('1 город');
  });
});

describe('access', () => {
  it('answers 403 to a company ADMIN and 401 without a token', async () => {
    const routes = [
      ['GET', '/api/v1/admin/countries'],
      ['POST', '/api/v1/admin/countries'],
      ['PATCH', '/api/v1/admin/countries/1'],
      ['DELETE', '/api/v1/admin/countries/1'],
      ['GET', '/api/v1/admin/cities'],
      ['POST', '/api/v1/admin/cities'],
      ['PATCH', '/api/v1/admin/cities/1'],
      ['DELETE', '/api/v1/admin/cities/1'],
    ] as const;
    for (const [method, url] of routes) {
      const payload = method === 'POST' || method === 'PATCH' ? { payload: {} } : {};
      const forbidden = await call(t.app, {
        method,
        url,
        token: company.admin.tokens.accessToken,
        ...payload,
      });
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await call(t.app, { method, url, ...payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
