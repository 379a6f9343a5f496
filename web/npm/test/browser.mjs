// The package used from a page in Chromium: serves FOLDER (the fresh install with index.html, and
// the <pzl-puzzle> example embed.html) and reads what the pages found. Run from web/ (for
// playwright-core): node npm/test/browser.mjs FOLDER
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
  // The <pzl-puzzle> example page (web/npm/examples/embed.html), when it is beside: both puzzles
  // load, and the Masyu solved by its Solve button says so.
  let embed = 'ok';
  if (existsSync(join(root, 'embed.html'))) {
    const logged = (re) => page.waitForFunction((src) => new RegExp(src).test(document.querySelector('#log').textContent), re, { timeout: 30_000 });
    try {
      await page.goto(`http://127.0.0.1:${server.address().port}/embed.html`);
      await logged('masyu: pzl-loaded');
      await logged('pack: pzl-loaded');
      await page.click('pzl-puzzle#masyu [data-pzl-action="solve"]');
      await logged('masyu: pzl-solved');
      console.error('embed.html: <pzl-puzzle> loaded a Masyu and a packing puzzle; the Masyu solved');
    } catch (e) {
      embed = 'failed';
      errors.push(`embed.html: ${e.message}\n${await page.textContent('#log').catch(() => '')}`);
    }
  }
  if (result !== 'ok' || embed !== 'ok' || errors.length) {
    console.error(errors.join('\n'));
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  server.close();
}
