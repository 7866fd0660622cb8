/**
 * `npm run bench` (part): the employee import (decision 018) of a 1,000-row xlsx into a company
 * that already has 1,000 employees — the preview, the import, a re-import of the same file
 * (nothing to change) and one that changes every row. PostgreSQL when BENCH_DATABASE_URL is set,
 * an in-memory PGlite otherwise. Not a test: the target (≤ 10 s per import on two cores) is
 * reported, not asserted.
 */
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { openBenchDatabase } from './bench-database.ts';
import { seedBenchCompany, startBenchApp } from './bench-seed.ts';

const ROWS = 1000;
const TARGET_MS = 10_000;
const DEPARTMENTS = ['Склад', 'Магазин', 'Офис', 'Охрана', 'Доставка'];
const BRANCHES = ['Москва', 'Екатеринбург', 'Калининград'];

async function workbook(suffix: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Сотрудники');
  sheet.addRow([
    'Фамилия',
    'Имя',
    'Отчество',
    'Табельный номер',
    'Телефон',
    'Email',
    'Филиалы',
    'Отдел',
    'Должность',
    'Дата приёма',
  ]);
  for (let i = 0; i < ROWS; i++) {
    sheet.addRow([
      `Импортов${suffix}`,
      'Иван',
      'Петрович',
      `IMP-${i}`,
      `+7955${String(i).padStart(7, '0')}`,
      `import-${i}@bench.example.ru`,
      BRANCHES[i % BRANCHES.length],
      DEPARTMENTS[i % DEPARTMENTS.length],
      i % 2 === 0 ? 'Кассир' : 'Продавец',
      new Date(Date.UTC(2024, i % 12, 1 + (i % 28))),
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function timed(
  app: FastifyInstance,
  token: string,
  url: string,
  file: Buffer,
): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    payload: file,
  });
  const ms = performance.now() - started;
  if (response.statusCode !== 200)
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return { ms, body: response.json() };
}

const { database, label, drop } = await openBenchDatabase();
try {
  const app = await startBenchApp(database);
  const { accessToken } = await seedBenchCompany(app, database.db, {
    employees: 1000,
    departments: DEPARTMENTS,
  });
  const first = await workbook('');
  const changed = await workbook('а');
  const query = '?createMissing=true';

  const preview = await timed(app, accessToken, `/api/v1/employees/import/preview${query}`, first);
  const imported = await timed(app, accessToken, `/api/v1/employees/import${query}`, first);
  const again = await timed(app, accessToken, `/api/v1/employees/import${query}`, first);
  const updated = await timed(app, accessToken, `/api/v1/employees/import${query}`, changed);

  const verdict = (ms: number) => (ms <= TARGET_MS ? 'ok' : `over the ${TARGET_MS} ms target`);
  console.info(`Employee import, ${ROWS} rows of xlsx, company of 1,000 employees — ${label}`);
  console.info(`  preview:              ${Math.round(preview.ms)} ms`);
  console.info(`  import (all new):     ${Math.round(imported.ms)} ms  ${verdict(imported.ms)}`);
  console.info(`    ${JSON.stringify(imported.body)}`);
  console.info(`  re-import (no change): ${Math.round(again.ms)} ms  ${verdict(again.ms)}`);
  console.info(`  re-import (all changed): ${Math.round(updated.ms)} ms  ${verdict(updated.ms)}`);
  console.info(`    ${JSON.stringify(updated.body)}`);
  await app.close();
} finally {
  await drop();
}
