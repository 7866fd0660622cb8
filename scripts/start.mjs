#!/usr/bin/env node
// `npm start`: checks Node, builds what is missing or stale, then runs the server, which migrates
// the database, seeds the super admin and serves the app and the API.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Smena needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}
if (major < 24) {
  console.warn(
    `Smena is tested on Node.js 24 (package.json engines); this is ${process.versions.node}, which may work but is not tested.`,
  );
}

const { ensureBuild, root, serverOutput } = await import('./ensure-build.mjs');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
process.env.NODE_ENV ??= 'production';
ensureBuild();
await import(pathToFileURL(serverOutput).href);
