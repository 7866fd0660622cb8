import {
  ErrorCode,
  type AdminCity,
  type AdminCountry,
  type CreateCityInputSchema,
  type CreateCountryInputSchema,
  type ListAdminCitiesQuery,
  type ListAdminCountriesQuery,
  type OkResponse,
  type Page,
  type UpdateCityInputSchema,
  type UpdateCountryInputSchema,
} from '@smena/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { pageResult } from '../../lib/pagination.ts';
import { createAuditRepository } from '../audit/index.ts';
import {
  createAdminGeoRepository,
  type AdminCityRow,
  type AdminCountryRow,
} from './admin-geo.repository.ts';

type CreateCountryValues = z.output<typeof CreateCountryInputSchema>;
type UpdateCountryValues = z.output<typeof UpdateCountryInputSchema>;
type CreateCityValues = z.output<typeof CreateCityInputSchema>;
type UpdateCityValues = z.output<typeof UpdateCityInputSchema>;

const COUNTRY_CODE_UNIQUE = 'countries_code_unique';
const CITY_NAME_UNIQUE = 'cities_country_name_unique';

const countryNotFound = () => AppError.notFound('Страна не найдена');
const cityNotFound = () => AppError.notFound('Город не найден');

function conflict(field: string, message: string, fieldMessage = message) {
  return new AppError(ErrorCode.CONFLICT, message, [{ field, message: fieldMessage }]);
}
const countryCodeTaken = () => conflict('code', 'Страна с таким ISO-кодом уже есть');
const countryNameTaken = () => conflict('name', 'Страна с таким названием уже есть');
const cityNameTaken = () => conflict('name', 'Такой город в этой стране уже есть');

/** «3 города», «1 компания»: counts inside a refusal. */
function counted(value: number, forms: readonly [string, string, string]): string {
  const n = Math.abs(value) % 100;
  const last = n % 10;
  let form = forms[2];
  if (n < 11 || n > 19) {
    if (last === 1) form = forms[0];
    else if (last >= 2 && last <= 4) form = forms[1];
  }
  return `${value} ${form}`;
}

export function toAdminCountry(row: AdminCountryRow): AdminCountry {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    phoneCode: row.phoneCode,
    cityCount: row.cityCount,
    companyCount: row.companyCount,
    userCount: row.userCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminCity(row: AdminCityRow): AdminCity {
  return {
    id: row.id,
    name: row.name,
    countryId: row.countryId,
    countryCode: row.countryCode,
    countryName: row.countryName,
    branchCount: row.branchCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The unique indexes decide, so two simultaneous requests cannot both take a code or a name. */
async function withUniqueChecks<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, COUNTRY_CODE_UNIQUE)) throw countryCodeTaken();
    if (isUniqueViolation(error, CITY_NAME_UNIQUE)) throw cityNameTaken();
    throw error;
  }
}

export type AdminGeoService = ReturnType<typeof createAdminGeoService>;

/** The super admin's directory of countries and cities (everyone reads it via /countries, /cities). */
export function createAdminGeoService(deps: { db: Db }) {
  const { db } = deps;
  const repository = createAdminGeoRepository(db);
  const audit = createAuditRepository(db);

  function record(auth: AuthContext, action: string, entity: string, entityId: number) {
    return audit.record({
      companyId: null,
      userId: auth.userId,
      impersonatorId: null,
      action,
      entity,
      entityId: String(entityId),
    });
  }

  async function getCountry(countryId: number): Promise<AdminCountry> {
    const row = await repository.findCountry(countryId);
    if (!row) throw countryNotFound();
    return toAdminCountry(row);
  }

  async function getCity(cityId: number): Promise<AdminCity> {
    const row = await repository.findCity(cityId);
    if (!row) throw cityNotFound();
    return toAdminCity(row);
  }

  async function assertCountry(countryId: number | undefined) {
    if (countryId !== undefined && !(await repository.countryExists(countryId))) {
      throw AppError.validation('countryId', 'Выберите страну из списка');
    }
  }

  return {
    getCountry,
    getCity,

    async listCountries(query: ListAdminCountriesQuery): Promise<Page<AdminCountry>> {
      const { items, total } = await repository.findCountries(query);
      return pageResult(items.map(toAdminCountry), total, query);
    },

    async createCountry(auth: AuthContext, input: CreateCountryValues): Promise<AdminCountry> {
      if (await repository.countryNameTaken(input.name)) throw countryNameTaken();
      const countryId = await withUniqueChecks(() => repository.insertCountry(input));
      await record(auth, 'COUNTRY_CREATE', 'country', countryId);
      return getCountry(countryId);
    },

    async updateCountry(
      auth: AuthContext,
      countryId: number,
      input: UpdateCountryValues,
    ): Promise<AdminCountry> {
      await db.transaction(async (tx) => {
        const repo = createAdminGeoRepository(tx);
        const current = await repo.lockCountry(countryId);
        if (!current) throw countryNotFound();
        if (input.name !== undefined && (await repo.countryNameTaken(input.name, countryId))) {
          throw countryNameTaken();
        }
        if (input.code !== undefined && input.code !== current.code) {
          // Companies, users and calendars refer to a country by its code.
          const usage = await repo.countryUsage(countryId, current.code);
          if (usage.companies + usage.users + usage.calendars > 0) {
            throw conflict(
              'code',
              'ISO-код нельзя изменить: страну уже указали компании, пользователи или производственный календарь',
              'Код уже используется — изменить его нельзя',
            );
          }
        }
        await withUniqueChecks(() => repo.updateCountry(countryId, input));
      });
      await record(auth, 'COUNTRY_UPDATE', 'country', countryId);
      return getCountry(countryId);
    },

    /** Only an unused country goes: its cities, companies and users would lose it. */
    async deleteCountry(auth: AuthContext, countryId: number): Promise<OkResponse> {
      await db.transaction(async (tx) => {
        const repo = createAdminGeoRepository(tx);
        const current = await repo.lockCountry(countryId);
        if (!current) throw countryNotFound();
        const usage = await repo.countryUsage(countryId, current.code);
        const uses = [
          usage.cities > 0 ? counted(usage.cities, ['город', 'города', 'городов']) : null,
          usage.companies > 0
            ? counted(usage.companies, ['компания', 'компании', 'компаний'])
            : null,
          usage.users > 0
            ? counted(usage.users, ['пользователь', 'пользователя', 'пользователей'])
            : null,
        ].filter(Boolean);
        if (uses.length > 0) {
          throw AppError.conflict(
            `Страну нельзя удалить: она используется (${uses.join(', ')}). Сначала удалите её города и смените страну у компаний и пользователей.`,
          );
        }
        await repo.deleteCountry(countryId);
      });
      await record(auth, 'COUNTRY_DELETE', 'country', countryId);
      return { ok: true };
    },

    async listCities(query: ListAdminCitiesQuery): Promise<Page<AdminCity>> {
      const { items, total } = await repository.findCities(query);
      return pageResult(items.map(toAdminCity), total, query);
    },

    async createCity(auth: AuthContext, input: CreateCityValues): Promise<AdminCity> {
      await assertCountry(input.countryId);
      if (await repository.cityNameTaken(input.countryId, input.name)) throw cityNameTaken();
      const cityId = await withUniqueChecks(() => repository.insertCity(input));
      await record(auth, 'CITY_CREATE', 'city', cityId);
      return getCity(cityId);
    },

    async updateCity(
      auth: AuthContext,
      cityId: number,
      input: UpdateCityValues,
    ): Promise<AdminCity> {
      const current = await repository.findCity(cityId);
      if (!current) throw cityNotFound();
      await assertCountry(input.countryId);
      const countryId = input.countryId ?? current.countryId;
      const name = input.name ?? current.name;
      if (await repository.cityNameTaken(countryId, name, cityId)) throw cityNameTaken();
      await withUniqueChecks(() => repository.updateCity(cityId, input));
      await record(auth, 'CITY_UPDATE', 'city', cityId);
      return getCity(cityId);
    },

    /** Only a city no branch names goes. */
    async deleteCity(auth: AuthContext, cityId: number): Promise<OkResponse> {
      await db.transaction(async (tx) => {
        const repo = createAdminGeoRepository(tx);
        if (!(await repo.lockCity(cityId))) throw cityNotFound();
        const branchCount = await repo.countCityBranches(cityId);
        if (branchCount > 0) {
          throw AppError.conflict(
            `Город нельзя удалить: он указан в филиалах (${branchCount}). Сначала выберите в них другой город.`,
          );
        }
        await repo.deleteCity(cityId);
      });
      await record(auth, 'CITY_DELETE', 'city', cityId);
      return { ok: true };
    },
  };
}
