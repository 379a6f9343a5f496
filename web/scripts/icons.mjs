// Draw the app's PNG icons from static/icons/icon.svg with Chromium (playwright-core), for the web
// app manifest: 192 and 512 px ("any") and a 512 px maskable one (full bleed: the rounded corners
// filled, the art inside the safe circle). Run after changing the SVG, from web/:
//   node scripts/icons.mjs
// The PNGs are committed; the build copies them into dist/.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const icons = join(here, '..', 'static', 'icons');
const svg = readFileSync(join(icons, 'icon.svg'), 'utf8');
const maskable = svg.replace('rx="96"', 'rx="0"');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const [name, size, art] of [['icon-192.png', 192, svg], ['icon-512.png', 512, svg], ['icon-maskable-512.png', 512, maskable]]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${art}`);
    await page.screenshot({ path: join(icons, name), omitBackground: true });
    console.log(`static/icons/${name}`);
  }
} finally {
  await browser.close();
}
