/**
 * Child process of bench/report-card.ts: streams one company's T-13 timesheet as xlsx (or, with
 * a fourth argument `payroll-xlsx` / `payroll-csv`, its payroll export) into a byte counter and
 * prints its time, size and this process's peak RSS as JSON. A process of its own so that the
 * peak RSS is the export's, not the seeding's.
 */
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/db/client.ts';
import { createReportsExportService } from '../src/modules/reports/xlsx/reports-export.service.ts';

const [url, companyId, month, kind = 'timesheet'] = process.argv.slice(2);
if (!url || !companyId || !month || !['timesheet', 'payroll-xlsx', 'payroll-csv'].includes(kind))
  throw new Error(
    'usage: report-card-export <url> <companyId> <month> [timesheet|payroll-xlsx|payroll-csv]',
  );

const database = await openDatabase({ kind: 'postgres', url });
try {
  const exports = createReportsExportService({ db: database.db });
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const start = performance.now();
  const file =
    kind === 'timesheet'
      ? await exports.timesheet(Number(companyId), { month })
      : await exports.payroll(Number(companyId), {
          month,
          format: kind === 'payroll-csv' ? 'csv' : 'xlsx',
        });
  await file.write(sink);
  const ms = performance.now() - start;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.info(JSON.stringify({ ms, bytes, peakRssMb }));
} finally {
  await database.close();
}
