import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from './client.ts';
import { RU_PRODUCTION_CALENDAR } from '@smena/time';
import { defaultRemoteConfig, type ConfigValueType } from '@smena/contract';
import {
  calendarYears,
  cities,
  configEntries,
  countries,
  plans,
  systemSecrets,
  users,
} from './schema/index.ts';
import { hashPassword } from '../lib/password.ts';

/** Countries of the CIS the product starts with; the super admin edits the list later. */
export const SEED_COUNTRIES = [
  { name: 'Россия', code: 'RU', phoneCode: '+7' },
  { name: 'Казахстан', code: 'KZ', phoneCode: '+7' },
  { name: 'Узбекистан', code: 'UZ', phoneCode: '+998' },
  { name: 'Беларусь', code: 'BY', phoneCode: '+375' },
  { name: 'Кыргызстан', code: 'KG', phoneCode: '+996' },
  { name: 'Армения', code: 'AM', phoneCode: '+374' },
  { name: 'Азербайджан', code: 'AZ', phoneCode: '+994' },
  { name: 'Таджикистан', code: 'TJ', phoneCode: '+992' },
] as const;

/** Main cities per country (ISO code); the super admin adds the rest. */
export const SEED_CITIES: Record<string, string[]> = {
  RU: [
    'Москва',
    'Санкт-Петербург',
    'Новосибирск',
    'Екатеринбург',
    'Казань',
    'Нижний Новгород',
    'Красноярск',
    'Челябинск',
    'Самара',
    'Уфа',
    'Ростов-на-Дону',
    'Краснодар',
    'Омск',
    'Воронеж',
    'Пермь',
    'Волгоград',
    'Владивосток',
    'Калининград',
  ],
  KZ: ['Астана', 'Алматы', 'Шымкент', 'Караганда', 'Актобе', 'Атырау'],
  UZ: ['Ташкент', 'Самарканд', 'Наманган', 'Андижан', 'Бухара'],
  BY: ['Минск', 'Гомель', 'Брест', 'Гродно', 'Витебск', 'Могилёв'],
  KG: ['Бишкек', 'Ош'],
  AM: ['Ереван', 'Гюмри'],
  AZ: ['Баку', 'Гянджа'],
  TJ: ['Душанбе', 'Худжанд'],
};

/** Marks that the countries and cities were seeded: what the super admin deletes stays deleted. */
const GEO_SEEDED_MARKER = 'seeded:countries-and-cities';

/**
 * The countries and their main cities, once per database (with the marker, in one transaction):
 * later starts leave the lists to the super admin.
 */
export async function seedCountries(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [first] = await tx
      .insert(systemSecrets)
      .values({ key: GEO_SEEDED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: systemSecrets.key });
    if (!first) return;
    await tx
      .insert(countries)
      .values([...SEED_COUNTRIES])
      .onConflictDoNothing();
    const rows = await tx.select({ id: countries.id, code: countries.code }).from(countries);
    const values = rows.flatMap((country) =>
      (SEED_CITIES[country.code] ?? []).map((name) => ({ countryId: country.id, name })),
    );
    if (values.length > 0) await tx.insert(cities).values(values).onConflictDoNothing();
  });
}

/**
 * The production calendars shipped with the product (RU 2025–2027), inserted when absent so that
 * the super admin's edits survive restarts. Other countries start empty: a plain five-day week.
 * A shipped year corrected later reaches existing databases by a migration that changes the row only
 * while it still holds the old shipped values (drizzle/0014: 2027 confirmed by its decree).
 */
export async function seedProductionCalendars(db: Db): Promise<void> {
  const rows = RU_PRODUCTION_CALENDAR.years.map((year) => ({
    countryCode: RU_PRODUCTION_CALENDAR.id,
    year: year.year,
    provisional: year.provisional,
    source: year.source,
    data: {
      holidays: year.holidays,
      transferredDaysOff: year.transferredDaysOff,
      workingWeekendDays: year.workingWeekendDays,
      shortenedDays: year.shortenedDays,
    },
  }));
  await db.insert(calendarYears).values(rows).onConflictDoNothing();
}

/** The plan new companies get until the super admin sets up others: 150 ₽ per user and month. */
export const SEED_DEFAULT_PLAN = {
  title: 'Стандарт',
  pricePerUserKopecks: 15_000,
  trialDays: 14,
  discount3Months: 5,
  discount6Months: 10,
  discount12Months: 15,
  minUsers: 5,
  active: true,
  isDefault: true,
} as const;

/**
 * Creates the default plan when there is none. The partial unique index on `is_default` (and the
 * one on the title) make a second insert — another instance starting at the same moment — a no-op.
 */
export async function seedDefaultPlan(db: Db): Promise<void> {
  const existing = await db
    .select({ id: plans.id })
    .from(plans)
    .where(eq(plans.isDefault, true))
    .limit(1);
  if (existing.length > 0) return;
  await db.insert(plans).values(SEED_DEFAULT_PLAN).onConflictDoNothing();
}

type SeededConfigKey = keyof typeof defaultRemoteConfig;

/** What the super admin reads next to each shipped configuration key. */
export const SEED_CONFIG_ENTRIES: Record<
  SeededConfigKey,
  { description: string; companyOverridable: boolean }
> = {
  'app.versionCheckMinutes': {
    description: 'Как часто приложение проверяет, не вышла ли новая версия (минуты)',
    companyOverridable: false,
  },
  'app.maintenanceBanner': {
    description:
      'Объявление для всех пользователей, например о технических работах; пустое — не показывается',
    companyOverridable: false,
  },
  'features.comments': {
    description: 'Комментарии к дням и отметкам',
    companyOverridable: true,
  },
  'analytics.enabled': {
    description: 'Сбор продуктовой аналитики (обезличенные события, без персональных данных)',
    companyOverridable: false,
  },
};

/**
 * The remote configuration keys the product ships with, inserted when missing: values the super
 * admin changed survive restarts, and a key added in a new version appears on its first start.
 */
export async function seedRemoteConfig(db: Db): Promise<void> {
  const rows = Object.entries(defaultRemoteConfig).map(([key, value]) => ({
    key,
    type: typeof value as ConfigValueType,
    value,
    ...SEED_CONFIG_ENTRIES[key as SeededConfigKey],
  }));
  await db.insert(configEntries).values(rows).onConflictDoNothing();
}

export type SuperAdminSeedResult =
  | { created: false; email: string }
  | { created: true; email: string; generatedPassword: string | null };

/**
 * Creates the super admin on the first start. A password given in the environment is used;
 * otherwise one is generated and returned so that it can be printed once. When the database has a
 * super admin already, nothing changes and their email is returned (the start-up says that
 * SUPERADMIN_EMAIL/SUPERADMIN_PASSWORD were not applied). The insert cannot fail on a race (the
 * start-up lock, and `on conflict do nothing` besides); an email that belongs to an ordinary
 * account is refused with a message that says so.
 */
export async function seedSuperAdmin(
  db: Db,
  options: { email: string; password?: string | undefined },
): Promise<SuperAdminSeedResult> {
  const existing = await findSuperAdminEmail(db);
  if (existing !== null) return { created: false, email: existing };

  const email = options.email.toLowerCase();
  const generatedPassword = options.password ? null : randomBytes(12).toString('base64url');
  const password = options.password ?? generatedPassword!;
  const inserted = await db
    .insert(users)
    .values({
      email,
      phone: '+70000000000',
      passwordHash: await hashPassword(password),
      firstName: 'Супер',
      lastName: 'Админ',
      isSuperAdmin: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length > 0) return { created: true, email, generatedPassword };

  const raced = await findSuperAdminEmail(db);
  if (raced !== null) return { created: false, email: raced };
  throw new Error(
    'SUPERADMIN_EMAIL belongs to an existing account that is not a super admin: choose another email',
  );
}

async function findSuperAdminEmail(db: Db): Promise<string | null> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isSuperAdmin, true), ne(users.status, 'DELETED')))
    .orderBy(users.id)
    .limit(1);
  return rows[0] ? (rows[0].email ?? '') : null;
}
