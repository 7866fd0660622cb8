#!/usr/bin/env node
// The JavaScript each page downloads on its first load, brotli-compressed, against its budget.
//
// Reads the Vite manifest of the built web app (apps/web/dist/.vite/manifest.json), and for every
// route below sums the entry (index.html's script), the route modules React Router loads for that
// URL (layout + page, `lazy`), the modules those pages import dynamically as soon as they render
// (`deferred`: the dashboard's charts), and every chunk they import statically. Sizes are those of
// the `.br` copies the build writes (the server sends them; the plain file when none was written).
// Prints a table and exits with 1 when a route is over its budget or a listed module is missing
// from the build (the list follows apps/web/src/app/router.tsx).
//
//   node scripts/check-bundle-budgets.mjs            check (CI, after `npm run build`)
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
 * The URLs checked: the route modules React Router loads for them (router.tsx), and the modules
 * their components import dynamically on the first render.
 */
export const ROUTES = [
  {
    url: '/login',
    modules: [`${routes}/layouts/empty-layout-route.tsx`, `${routes}/auth/login-route.tsx`],
    budgetKb: LOGIN_BUDGET_KB,
  },
  {
    url: '/ (employee)',
    modules: [appLayout, `${routes}/home-route.tsx`],
    budgetKb: SIGNED_IN_BUDGET_KB,
  },
  {
    url: '/company/dashboard',
    modules: [appLayout, `${routes}/company/dashboard-route.tsx`],
    deferred: ['src/features/dashboard/components/attendance-charts.tsx'],
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
  },
  {
    url: '/company/reports/report-card',
    modules: [appLayout, `${routes}/company/report-card-route.tsx`],
    budgetKb: SIGNED_IN_BUDGET_KB,
  },
  {
    url: '/company/employees',
    modules: [appLayout, `${routes}/company/employees-route.tsx`],
    budgetKb: SIGNED_IN_BUDGET_KB,
  },
];

/** Size of a built file as sent: its `.br` copy when the build wrote one. */
function sizes(file) {
  const path = join(dist, file);
  const raw = statSync(path).size;
  const br = existsSync(`${path}.br`) ? statSync(`${path}.br`).size : raw;
  return { raw, br };
}

/**
 * The chunks a route downloads: the entry's, each module's and every static import of theirs.
 * `missing` lists modules the manifest does not know.
 */
export function routeFiles(manifest, modules) {
  const files = new Set();
  const missing = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) return false;
    if (files.has(chunk.file)) return true;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
    return true;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) missing.push('the entry (index.html)');
  else visit(entry);
  for (const module of modules) if (!visit(module)) missing.push(module);
  return { files: [...files].filter((file) => file.endsWith('.js')), missing };
}

export function measure(manifest, route) {
  const { files, missing } = routeFiles(manifest, [...route.modules, ...(route.deferred ?? [])]);
  let raw = 0;
  let br = 0;
  for (const file of files) {
    const size = sizes(file);
    raw += size.raw;
    br += size.br;
  }
  return { url: route.url, files: files.length, raw, br, budget: route.budgetKb * KB, missing };
}

function main(argv) {
  const report = argv.includes('--report');
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
    const rows = results.map((r) => [
      r.url,
      String(r.files),
      kb(r.raw),
      kb(r.br),
      kb(r.budget),
      r.missing.length ? 'MISSING' : r.br > r.budget ? 'OVER' : 'ok',
    ]);
    const head = ['route', 'files', 'raw KB', 'br KB', 'budget br KB', ''];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const line = (cells) =>
      cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
    console.info('JavaScript of the first load of each page (entry + route chunks + static imports)');
    console.info(line(head));
    for (const row of rows) console.info(line(row));
  }
  let failed = false;
  for (const r of results) {
    for (const module of r.missing) {
      console.error(`${r.url}: ${module} is not in the build (update ROUTES in this script)`);
      failed = true;
    }
    if (r.br > r.budget) {
      console.error(`${r.url}: ${(r.br / KB).toFixed(1)} KB brotli, budget ${r.budget / KB} KB`);
      failed = true;
    }
  }
  return failed && !report ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
