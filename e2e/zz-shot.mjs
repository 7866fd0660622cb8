import { chromium } from 'playwright-core';
import fs from 'node:fs';
const [,, tokensFile, url, out, w, h, click] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ viewport:{width:+w,height:+h}, deviceScaleFactor: 1 });
const page = await ctx.newPage();
await page.goto('http://127.0.0.1:3999/api/health'); const t=JSON.parse(fs.readFileSync(tokensFile,'utf8')); await page.evaluate(([a,r])=>{localStorage.setItem('access',a);localStorage.setItem('refresh',r)},[t.accessToken,t.refreshToken]);
await page.goto('http://127.0.0.1:3999'+url);
await page.waitForTimeout(4000);
if (click) { await page.locator(click).first().click(); await page.waitForTimeout(1200); }
await page.screenshot({ path: out });
await browser.close();
