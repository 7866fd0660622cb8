#!/usr/bin/env node
// The JavaScript each page downloads on its first load, brotli-compressed, against its budget.
//
// Reads the Vite manifest of the built web app (apps/web/dist/.vite/manifest.json) and for every
// route below sums the entry (index.html's script), the route modules React Router loads for that
// URL (layout + page, `lazy`) and every chunk they import statically: what the page needs before
// it can draw. Modules a page imports dynamically as soon as it renders (`deferred`: the
// dashboard's charts) are summed apart. Sizes are those of the `.br` copies the build writes and
// the server sends (the plain file when none was written).
//
// Budgets («Fast on a phone»): /login ≤ 200 KB, any signed-in page ≤ 400 KB. A route that does not
// meet its budget yet has a `ceiling`: the size reached so far, which it may not grow past. The
// check fails (exit 1) when a route is above its ceiling (or, without one, its budget), or a listed
// module is missing from the build (the list follows apps/web/src/app/router.tsx). Lower a ceiling
// when a change makes a page smaller; remove it when the page meets its budget.
//
//   node scripts/check-bundle-budgets.mjs            check (CI, after `npm run build`)
//   node scripts/check-bundle-budgets.mjs --strict   fail on the budgets themselves
//   node scripts/check-bundle-budgets.mjs --report   print only, never fail (npm run bench)
//   node scripts/check-bundle-budgets.mjs --json     the figures as JSON
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const dist = join(root, 'apps/web/dist');
const KB = 1024;

/** Budgets in KB of brotli-compressed JavaScript («Fast on a phone»). */
export const LOGIN_BUDGET_KB = 200;
export const SIGNED_IN_BUDGET_KB = 400;

const routes = 'src/app/routes';
const appLayout = `${routes}/layouts/app-layout-route.tsx`;

/**
 * The URLs checked: the route modules React Router loads for them (router.tsx), the modules their
 * components import dynamically on the first render, the budget and, while it is not met, the
 * ceiling (KB brotli).
 */
export const ROUTES = [
  {
    url: '/login',
    modules: [`${routes}/layouts/empty-layout-route.tsx`, `${routes}/auth/login-route.tsx`],
    budgetKb: LOGIN_BUDGET_KB,
    ceilingKb: 257,
  },
  {
    url: '/ (employee)',
    modules: [appLayout, `${routes}/home-route.tsx`],
    budgetKb: SIGNED_IN_BUDGET_KB,
  },
  {
    url: '/company/dashboard',
    modules: [appLayout, `${routes}/company/dashboard-route.tsx`],
    deferred: ['src/features/dashboard/components/days-chart.tsx'],
    budgetKb: SIGNED_IN_BUDGET_KB,
  },
  {
    url: '/company/calendar',
    modules: [appLayout, `${routes}/company/calendar-route.tsx`],
    budgetKb: SIGNED_IN_BUDGET_KB,
  },
  {
    url: '/company/checks',
    modules: [appLayout, `${routes}/company/checks-route.tsx`],
    budgetKb: SIGNED_IN_BUDGET_KB,
    ceilingKb: 500,
  },
  {
    url: '/company/reports/report-card',
    modules: [appLayout, `${routes}/company/report-card-route.tsx`],
    budgetKb: SIGNED_IN_BUDGET_KB,
    ceilingKb: 431,
  },
  {
    url: '/company/employees',
    modules: [appLayout, `${routes}/company/employees-route.tsx`],
    budgetKb: SIGNED_IN_BUDGET_KB,
    ceilingKb: 442,
  },
];

/** Size of a built file as sent: its `.br` copy when the build wrote one. */
function sizes(file) {
  const path = join(dist, file);
  const raw = statSync(path).size;
  const br = existsSync(`${path}.br`) ? statSync(`${path}.br`).size : raw;
  return { raw, br };
}

/** The entry's key in the manifest (index.html). */
function entryKey(manifest) {
  return Object.keys(manifest).find((key) => manifest[key].isEntry);
}

/**
 * The JavaScript files reached from `keys` through static imports, leaving out `exclude` (files
 * counted already). `missing` lists keys the manifest does not know.
 */
export function staticFiles(manifest, keys, exclude = new Set()) {
  const files = new Set();
  const missing = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) return false;
    if (files.has(chunk.file) || exclude.has(chunk.file)) return true;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
    return true;
  };
  for (const key of keys) if (!visit(key)) missing.push(key);
  return { files: [...files].filter((file) => file.endsWith('.js')), missing };
}

function total(files) {
  let raw = 0;
  let br = 0;
  for (const file of files) {
    const size = sizes(file);
    raw += size.raw;
    br += size.br;
  }
  return { raw, br };
}

export function measure(manifest, route) {
  const entry = entryKey(manifest);
  const first = staticFiles(manifest, [entry ?? 'index.html', ...route.modules]);
  const later = staticFiles(manifest, route.deferred ?? [], new Set(first.files));
  const firstSize = total(first.files);
  const laterSize = total(later.files);
  const budget = route.budgetKb * KB;
  const limit = (route.ceilingKb ?? route.budgetKb) * KB;
  return {
    url: route.url,
    files: first.files.length,
    raw: firstSize.raw,
    br: firstSize.br,
    deferredBr: laterSize.br,
    budget,
    limit,
    missing: [...(entry ? [] : ['the entry (index.html)']), ...first.missing, ...later.missing],
  };
}

function main(argv) {
  const report = argv.includes('--report');
  const strict = argv.includes('--strict');
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`No ${manifestPath}: build the web app first (npm run build).`);
    return report ? 0 : 1;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const results = ROUTES.map((route) => measure(manifest, route));
  if (argv.includes('--json')) {
    console.info(JSON.stringify(results, null, 2));
  } else {
    const kb = (bytes) => (bytes / KB).toFixed(1);
    const status = (r) => {
      if (r.missing.length) return 'MISSING';
      if (r.br <= r.budget) return 'ok';
      return r.br <= r.limit ? 'over budget, under ceiling' : 'OVER';
    };
    const rows = results.map((r) => [
      r.url,
      String(r.files),
      kb(r.raw),
      kb(r.br),
      r.deferredBr ? `+${kb(r.deferredBr)}` : '',
      kb(r.budget),
      r.limit === r.budget ? '' : kb(r.limit),
      status(r),
    ]);
    const head = ['route', 'files', 'raw KB', 'br KB', 'later br', 'budget', 'ceiling', ''];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const line = (cells) =>
      cells
        .map((cell, i) =>
          i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]),
        )
        .join('  ')
        .trimEnd();
    console.info(
      'JavaScript of the first load of each page, KB (entry + route chunks + their static imports;',
    );
    console.info('«later»: chunks the page imports once drawn; budget and ceiling: brotli)');
    console.info(line(head));
    for (const row of rows) console.info(line(row));
  }
  let failed = false;
  for (const r of results) {
    for (const module of r.missing) {
      console.error(`${r.url}: ${module} is not in the build (update ROUTES in this script)`);
      failed = true;
    }
    const limit = strict ? r.budget : r.limit;
    if (r.br > limit) {
      const what = strict || r.limit === r.budget ? 'budget' : 'ceiling';
      console.error(`${r.url}: ${(r.br / KB).toFixed(1)} KB brotli, ${what} ${limit / KB} KB`);
      failed = true;
    }
  }
  return failed && !report ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
