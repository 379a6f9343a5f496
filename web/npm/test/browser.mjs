// The package used from a page in Chromium: serves FOLDER (the fresh install with index.html)
// and reads what the page found. Run from web/ (for playwright-core): node npm/test/browser.mjs FOLDER
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../serve.mjs';

const root = resolve(process.argv[2]);
const server = await serve(root);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
  await page.waitForSelector('body[data-result]', { timeout: 60_000 });
  const result = await page.getAttribute('body', 'data-result');
  const out = await page.textContent('#out');
  console.log(out);
  if (result !== 'ok' || errors.length) {
    console.error(errors.join('\n'));
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  server.close();
}
