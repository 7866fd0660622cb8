// Bundles the server into dist/server.js: our own code and the workspace contract are bundled,
// npm dependencies stay external (PGlite's WASM files and argon2's binary load from node_modules).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// The @smena/* workspaces are dependencies too (their entries are TypeScript): bundled, not external.
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@smena/'));

await build({
  entryPoints: [new URL('./src/server.ts', import.meta.url).pathname],
  outfile: new URL('./dist/server.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.info('server built: apps/server/dist/server.js');
