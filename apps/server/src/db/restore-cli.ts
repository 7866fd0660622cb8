/**
 * `npm run restore -- <backup.tar.gz> <new-data-dir>`: unpacks a PGlite backup (db/backup.ts)
 * into a new, empty data directory, opens it, applies the migrations this version has, and says
 * how many companies and users it holds. The running server is left alone: it is then pointed
 * at the new directory (DATA_DIR) and restarted. Relative paths are taken from the folder npm
 * was run in.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const USAGE = `Использование / usage:
  npm run restore -- <резервная-копия.tar.gz> <новый-каталог-данных>
  npm run restore -- <backup.tar.gz> <new-data-dir>`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (args.includes('-h') || args.includes('--help')) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (args.length !== 2) fail(USAGE);

// `npm run` starts scripts in the repository root; paths typed by the operator are theirs.
const base = process.env.INIT_CWD ?? process.cwd();
const backupPath = resolve(base, args[0]!);
const targetDir = resolve(base, args[1]!);

if (!existsSync(backupPath) || !statSync(backupPath).isFile())
  fail(`Нет файла резервной копии / no such backup file: ${backupPath}`);
const targetExisted = existsSync(targetDir);
if (targetExisted) {
  if (!statSync(targetDir).isDirectory()) fail(`Не каталог / not a directory: ${targetDir}`);
  if (readdirSync(targetDir).length > 0)
    fail(
      `Каталог ${targetDir} не пуст: восстанавливаю только в новый пустой каталог, чтобы не испортить данные. / ` +
        `The directory ${targetDir} is not empty: a restore goes into a new, empty directory only, so that no data is overwritten.`,
    );
}

async function count(database: Database, table: string): Promise<number> {
  const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

process.stdout.write(`Восстанавливаю / restoring ${backupPath}\n  → ${targetDir}\n`);
let database: Database | undefined;
try {
  database = await openDatabase({
    kind: 'pglite',
    dataDir: targetDir,
    loadDataDir: new Blob([readFileSync(backupPath)], { type: 'application/x-gzip' }),
  });
  await migrateDatabase(database);
  const companies = await count(database, 'companies');
  const users = await count(database, 'users');
  await database.close();
  database = undefined;
  process.stdout.write(
    [
      '',
      '==================================================================',
      ` Восстановлено / restored: компаний / companies ${companies}, пользователей / users ${users}`,
      '',
      ' Дальше / next:',
      ' 1. Остановите сервер / stop the server.',
      ` 2. DATA_DIR=${targetDir}`,
      '    (в .env или окружении / in .env or the environment).',
      ' 3. Запустите сервер / start the server: npm start',
      ' Старый каталог данных не тронут / the old data directory is untouched.',
      '==================================================================',
      '',
    ].join('\n'),
  );
} catch (error) {
  await database?.close().catch(() => {});
  // Half-restored files must not pass for a database.
  if (targetExisted) {
    for (const name of readdirSync(targetDir))
      rmSync(resolve(targetDir, name), { recursive: true, force: true });
  } else {
    rmSync(targetDir, { recursive: true, force: true });
  }
  fail(
    `Не удалось восстановить / restore failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}
