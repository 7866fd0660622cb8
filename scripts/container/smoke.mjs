#!/usr/bin/env node
// Checks a running Smena over HTTP: /api/health, the SPA at /, and a super admin login.
//   node scripts/container/smoke.mjs http://127.0.0.1:3000 admin@smena.local 'password'
// Exits non-zero with the reason on the first failure.
const [base, email, password] = process.argv.slice(2);
if (!base || !email || !password) {
  console.error('usage: smoke.mjs BASE_URL EMAIL PASSWORD');
  process.exit(2);
}

function fail(message) {
  console.error(`smoke: ${message}`);
  process.exit(1);
}

const health = await fetch(`${base}/api/health`);
if (health.status !== 200) fail(`/api/health answered ${health.status}`);

const page = await fetch(`${base}/`);
const html = await page.text();
if (page.status !== 200 || !html.includes('<div id="root">')) {
  fail(`/ answered ${page.status} without the app's page`);
}

const login = await fetch(`${base}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password }),
});
const body = await login.json().catch(() => ({}));
if (login.status !== 200 || typeof body.accessToken !== 'string') {
  fail(`login answered ${login.status}: ${JSON.stringify(body).slice(0, 200)}`);
}

const me = await fetch(`${base}/api/v1/profile`, {
  headers: { authorization: `Bearer ${body.accessToken}` },
});
if (me.status !== 200) fail(`/api/v1/profile with the new token answered ${me.status}`);
console.info(`smoke: ${base}: health 200, / 200, login 200 as ${email}, /profile 200`);
