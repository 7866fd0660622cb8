import { performance } from 'node:perf_hooks';
import { seedDemoCompany } from '../src/db/demo/seed-demo.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { createReportsService } from '../src/modules/reports/reports.service.ts';
import { openBenchDatabase } from './bench-database.ts';
const NOW = new Date('2026-04-01T12:00:00+03:00');
const { database, drop } = await openBenchDatabase();
await prepareDatabase(database, { email: 'bench-super@example.ru', password: 'bench-password' });
const small = await seedDemoCompany(database.db, { employees: 1000, months: 1, now: NOW, lunchShare: 1 });
const service = createReportsService({ db: database.db, now: () => NOW.getTime() });
for (let i = 0; i < 6; i++) {
  const t = performance.now();
  await service.reportCard(small.companyId, { month: '2026-03' });
  console.info('reportCard', Math.round(performance.now() - t), 'ms');
}
await drop();
