import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ListAdminCitiesQuery, ListAdminCountriesQuery } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  calendarYears,
  cities,
  companies,
  countries,
  users,
} from '../../db/schema/index.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';

export type CountryValues = { name: string; code: string; phoneCode: string };
export type CityValues = { name: string; countryId: number };

/**
 * Usage counts come from grouped subqueries joined once per list: each table is scanned once for
 * the whole page, never once per row (no N+1, and no index on the country columns needed).
 */
function countryCountsOf(db: DbOrTx) {
  const cityCounts = db
    .select({ countryId: cities.countryId, value: count().as('city_count') })
    .from(cities)
    .groupBy(cities.countryId)
    .as('city_counts');
  const companyCounts = db
    .select({ code: companies.countryCode, value: count().as('company_count') })
    .from(companies)
    .groupBy(companies.countryCode)
    .as('company_counts');
  const userCounts = db
    .select({ code: users.countryCode, value: count().as('user_count') })
    .from(users)
    .where(ne(users.status, 'DELETED'))
    .groupBy(users.countryCode)
    .as('user_counts');
  return { cityCounts, companyCounts, userCounts };
}

function branchCountsOf(db: DbOrTx) {
  return db
    .select({ cityId: branches.cityId, value: count().as('branch_count') })
    .from(branches)
    .groupBy(branches.cityId)
    .as('branch_counts');
}

const zeroIfNull = (value: SQL | SQL.Aliased | unknown) =>
  sql<number>`coalesce(${value}, 0)`.mapWith(Number);

export function createAdminGeoRepository(db: DbOrTx) {
  function selectCountries() {
    const { cityCounts, companyCounts, userCounts } = countryCountsOf(db);
    const fields = {
      id: countries.id,
      name: countries.name,
      code: countries.code,
      phoneCode: countries.phoneCode,
      createdAt: countries.createdAt,
      cityCount: zeroIfNull(cityCounts.value),
      companyCount: zeroIfNull(companyCounts.value),
      userCount: zeroIfNull(userCounts.value),
    };
    const query = db
      .select(fields)
      .from(countries)
      .leftJoin(cityCounts, eq(cityCounts.countryId, countries.id))
      .leftJoin(companyCounts, eq(companyCounts.code, countries.code))
      .leftJoin(userCounts, eq(userCounts.code, countries.code));
    return { query, fields };
  }

  function selectCities() {
    const branchCounts = branchCountsOf(db);
    const fields = {
      id: cities.id,
      name: cities.name,
      countryId: cities.countryId,
      countryCode: countries.code,
      countryName: countries.name,
      createdAt: cities.createdAt,
      branchCount: zeroIfNull(branchCounts.value),
    };
    const query = db
      .select(fields)
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .leftJoin(branchCounts, eq(branchCounts.cityId, cities.id));
    return { query, fields };
  }

  return {
    // ---------- Countries ----------

    async findCountries(query: ListAdminCountriesQuery) {
      const pattern = query.search ? likePattern(query.search) : undefined;
      const where = pattern
        ? or(
            ilike(countries.name, pattern),
            ilike(countries.code, pattern),
            ilike(countries.phoneCode, pattern),
          )
        : undefined;
      const { query: select, fields } = selectCountries();
      const sortBy = {
        name: sql`lower(${countries.name})`,
        code: countries.code,
        phoneCode: countries.phoneCode,
        cityCount: fields.cityCount,
        companyCount: fields.companyCount,
      }[query.sort];
      const direction = query.order === 'desc' ? desc : asc;
      const [items, totals] = await Promise.all([
        select
          .where(where)
          .orderBy(direction(sortBy), asc(countries.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ value: count() }).from(countries).where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    async findCountry(countryId: number) {
      const rows = await selectCountries().query.where(eq(countries.id, countryId)).limit(1);
      return rows[0];
    },

    /** The country row itself, locked until the transaction ends. */
    async lockCountry(countryId: number) {
      const rows = await db
        .select({ id: countries.id, code: countries.code })
        .from(countries)
        .where(eq(countries.id, countryId))
        .for('update');
      return rows[0];
    },

    /** Another country with this name, whatever the case. */
    async countryNameTaken(name: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: countries.id })
        .from(countries)
        .where(
          and(
            sql`lower(${countries.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(countries.id, exceptId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async countryExists(countryId: number): Promise<boolean> {
      const rows = await db
        .select({ id: countries.id })
        .from(countries)
        .where(eq(countries.id, countryId))
        .limit(1);
      return rows.length > 0;
    },

    /** What refers to the country: its cities by id; companies, users and calendars by code. */
    async countryUsage(countryId: number, code: string) {
      const [citiesCount, companiesCount, usersCount, calendarsCount] = await Promise.all([
        db.select({ value: count() }).from(cities).where(eq(cities.countryId, countryId)),
        db.select({ value: count() }).from(companies).where(eq(companies.countryCode, code)),
        db
          .select({ value: count() })
          .from(users)
          .where(and(eq(users.countryCode, code), ne(users.status, 'DELETED'))),
        db
          .select({ value: count() })
          .from(calendarYears)
          .where(eq(calendarYears.countryCode, code)),
      ]);
      return {
        cities: citiesCount[0]?.value ?? 0,
        companies: companiesCount[0]?.value ?? 0,
        users: usersCount[0]?.value ?? 0,
        calendars: calendarsCount[0]?.value ?? 0,
      };
    },

    async insertCountry(values: CountryValues): Promise<number> {
      const [row] = await db.insert(countries).values(values).returning({ id: countries.id });
      return row!.id;
    },

    async updateCountry(countryId: number, values: Partial<CountryValues>): Promise<void> {
      // An empty PATCH changes nothing (an UPDATE without columns is an SQL error).
      if (Object.keys(values).length === 0) return;
      await db.update(countries).set(values).where(eq(countries.id, countryId));
    },

    async deleteCountry(countryId: number): Promise<void> {
      await db.delete(countries).where(eq(countries.id, countryId));
    },

    // ---------- Cities ----------

    async findCities(query: ListAdminCitiesQuery) {
      const conditions: (SQL | undefined)[] = [
        query.countryId === undefined ? undefined : eq(cities.countryId, query.countryId),
      ];
      if (query.search) {
        const pattern = likePattern(query.search);
        conditions.push(or(ilike(cities.name, pattern), ilike(countries.name, pattern)));
      }
      const where = and(...conditions);
      const { query: select, fields } = selectCities();
      const direction = query.order === 'desc' ? desc : asc;
      const order = {
        name: [direction(sql`lower(${cities.name})`)],
        country: [direction(sql`lower(${countries.name})`), asc(sql`lower(${cities.name})`)],
        branchCount: [direction(fields.branchCount), asc(sql`lower(${cities.name})`)],
      }[query.sort];
      const [items, totals] = await Promise.all([
        select
          .where(where)
          .orderBy(...order, asc(cities.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db
          .select({ value: count() })
          .from(cities)
          .innerJoin(countries, eq(countries.id, cities.countryId))
          .where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    async findCity(cityId: number) {
      const rows = await selectCities().query.where(eq(cities.id, cityId)).limit(1);
      return rows[0];
    },

    async lockCity(cityId: number) {
      const rows = await db
        .select({ id: cities.id })
        .from(cities)
        .where(eq(cities.id, cityId))
        .for('update');
      return rows[0];
    },

    /** Another city of the country with this name, whatever the case. */
    async cityNameTaken(countryId: number, name: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: cities.id })
        .from(cities)
        .where(
          and(
            eq(cities.countryId, countryId),
            sql`lower(${cities.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(cities.id, exceptId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async countCityBranches(cityId: number): Promise<number> {
      const rows = await db
        .select({ value: count() })
        .from(branches)
        .where(eq(branches.cityId, cityId));
      return rows[0]?.value ?? 0;
    },

    async insertCity(values: CityValues): Promise<number> {
      const [row] = await db.insert(cities).values(values).returning({ id: cities.id });
      return row!.id;
    },

    async updateCity(cityId: number, values: Partial<CityValues>): Promise<void> {
      // An empty PATCH changes nothing (an UPDATE without columns is an SQL error).
      if (Object.keys(values).length === 0) return;
      await db.update(cities).set(values).where(eq(cities.id, cityId));
    },

    async deleteCity(cityId: number): Promise<void> {
      await db.delete(cities).where(eq(cities.id, cityId));
    },
  };
}

export type AdminGeoRepository = ReturnType<typeof createAdminGeoRepository>;
export type AdminCountryRow = NonNullable<Awaited<ReturnType<AdminGeoRepository['findCountry']>>>;
export type AdminCityRow = NonNullable<Awaited<ReturnType<AdminGeoRepository['findCity']>>>;
