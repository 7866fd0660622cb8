#!/usr/bin/env node
// Builds the web app and the server when their output is missing or older than their sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(import.meta.url), '../..');

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
export const serverOutput = join(root, 'apps/server/dist/server.js');

export function ensureBuild() {
  const webSources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'apps/web/vite.config.ts',
    contract,
  ];
  if (isStale(join(root, 'apps/web/dist/index.html'), webSources)) {
    console.info('Building the web app…');
    execSync('npm run build -w @smena/web', { cwd: root, stdio: 'inherit' });
  }
  if (isStale(serverOutput, ['apps/server/src', 'apps/server/build.mjs', contract])) {
    console.info('Building the server…');
    execSync('npm run build -w @smena/server', { cwd: root, stdio: 'inherit' });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureBuild();
