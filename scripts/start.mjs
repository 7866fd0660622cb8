#!/usr/bin/env node
// `npm start`: checks Node, builds what is missing or stale, then runs the server, which migrates
// the database, seeds the super admin and serves the app and the API.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Smena needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}

const root = resolve(fileURLToPath(import.meta.url), '../..');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
process.env.NODE_ENV ??= 'production';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

const contract = 'packages/contract/src';
const webOutput = join(root, 'apps/web/dist/index.html');
const serverOutput = join(root, 'apps/server/dist/server.js');
if (isStale(webOutput, ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', contract])) {
  console.info('Building the web app…');
  execSync('npm run build -w @smena/web', { cwd: root, stdio: 'inherit' });
}
if (isStale(serverOutput, ['apps/server/src', contract])) {
  console.info('Building the server…');
  execSync('npm run build -w @smena/server', { cwd: root, stdio: 'inherit' });
}

await import(pathToFileURL(serverOutput).href);
