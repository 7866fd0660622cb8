/**
 * `npm run seed:demo -- --employees 1000 --months 2`: fills the database `npm start` uses (PGlite
 * under DATA_DIR, or DATABASE_URL) with a demo company. Migrates first. Refuses when a demo
 * company exists, unless `--another` is given (then it adds a numbered one).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { EnvError, parseEnv } from '../../config/env.ts';
import { openDatabase } from '../client.ts';
import { prepareDatabase } from '../prepare.ts';
import { createRandom } from './demo-random.ts';
import { findDemoCompanies, seedDemoCompany } from './seed-demo.ts';

const USAGE = `Использование / usage:
  npm run seed:demo -- [--employees 50] [--months 1] [--seed 1] [--password …] [--another]

  --employees  сотрудников в компании, включая админа и менеджера (3–100000)
  --months     месяцев истории до сегодняшнего дня (1–24)
  --seed       число для генератора: тот же seed — те же данные
  --password   пароль всех демо-пользователей (иначе создаётся случайный)
  --another    создать ещё одну демо-компанию, если одна уже есть`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function integer(
  value: string | undefined,
  name: string,
  min: number,
  max: number,
  fallback: number,
) {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max)
    fail(
      `--${name}: целое число от ${min} до ${max} / an integer from ${min} to ${max}\n\n${USAGE}`,
    );
  return parsed;
}

// The repository root, whatever folder npm runs the script in: .env and ./data are relative to it,
// as with `npm start`.
const root = resolve(fileURLToPath(import.meta.url), '../../../../../..');
if (existsSync(resolve(root, '.env'))) process.loadEnvFile(resolve(root, '.env'));

const options = {
  employees: { type: 'string' },
  months: { type: 'string' },
  seed: { type: 'string' },
  password: { type: 'string' },
  another: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function readArgs() {
  try {
    return parseArgs({ options, allowPositionals: false }).values;
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
}

const args = readArgs();
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const employees = integer(args.employees, 'employees', 3, 100_000, 50);
const months = integer(args.months, 'months', 1, 24, 1);
const seed = integer(args.seed, 'seed', 0, 2 ** 32 - 1, 1);
if (args.password !== undefined && (args.password.length < 8 || args.password.length > 128))
  fail('--password: от 8 до 128 символов / 8 to 128 characters');

function readEnv() {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(`${error.message}\nSee .env.example for every variable.`);
    throw error;
  }
}

const env = readEnv();

const dataDir = resolve(process.env.INIT_CWD ?? root, env.DATA_DIR);
const where = env.DATABASE_URL
  ? `PostgreSQL ${new URL(env.DATABASE_URL).host}${new URL(env.DATABASE_URL).pathname}`
  : `PGlite ${dataDir}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const database = env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir });
try {
  const started = performance.now();
  process.stdout.write(`База / database: ${where}\nМиграции / migrations…\n`);
  const superAdmin = await prepareDatabase(database, {
    email: env.SUPERADMIN_EMAIL,
    password: env.SUPERADMIN_PASSWORD,
  });
  if (superAdmin.created && superAdmin.generatedPassword)
    process.stdout.write(
      `Супер админ создан / super admin created: ${superAdmin.email}, пароль / password: ${superAdmin.generatedPassword}\n`,
    );

  const existing = await findDemoCompanies(database.db);
  if (existing.length > 0 && !args.another) {
    const list = existing
      .map((c) => `  «${c.title}» (id ${c.companyId}, ${c.adminEmail})`)
      .join('\n');
    process.stderr.write(
      `Демо-компания уже есть / a demo company already exists:\n${list}\n` +
        'Добавьте --another, чтобы создать ещё одну / pass --another to add one more.\n',
    );
    process.exitCode = 1;
  } else {
    process.stdout.write(
      `Создаю демо-компанию / creating the demo company: ${employees} сотрудников, ${months} мес., seed ${seed}…\n`,
    );
    const seedStarted = performance.now();
    const result = await seedDemoCompany(database.db, {
      employees,
      months,
      random: createRandom(seed),
      ...(args.password ? { password: args.password } : {}),
    });
    const finished = performance.now();
    process.stdout.write(
      [
        '',
        '==================================================================',
        ` ${result.companyTitle} (id ${result.companyId}), период / period ${result.from} — ${result.to}`,
        ` Филиалы ${result.branches}, отделы ${result.departments}, должности ${result.positions}, графики ${result.schedules}`,
        ` Сотрудники ${result.employees} (уволены в периоде ${result.dismissed}, приняты ${result.hiredInPeriod})`,
        ` Отсутствия ${result.dayOffs}, комментарии ${result.comments}`,
        ` Отметки ${result.checks}: открытые ${result.openChecks}, закрытые автоматически ${result.autoClosedChecks};`,
        `   дней с опозданием ${result.lateDays}, пропущенных дней ${result.missedDays}`,
        '',
        ` Админ / admin:      ${result.adminEmail}   пароль / password: ${result.adminPassword}`,
        ` Менеджер / manager: ${result.managerEmail}   пароль / password: ${result.managerPassword}`,
        ` Сотрудники / employees: ${result.employeeEmailExample} … (тот же пароль / same password)`,
        '',
        ` Время / time: ${seconds(finished - seedStarted)} (с миграциями / with migrations ${seconds(finished - started)})`,
        '==================================================================',
        '',
      ].join('\n'),
    );
  }
} finally {
  await database.close();
}
