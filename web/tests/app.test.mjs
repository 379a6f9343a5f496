// The app shell in real Chromium: the versioned service worker (install, a new build reaching a
// returning visitor, old caches deleted), the web app manifest and its icons, share links for every
// kind (binary files in the fragment, the size limit), Mac archives listing their members, and the
// <pzl-puzzle> element from the packed npm package in a plain static folder.
// Test files are written by the pzl command (target/debug/pzl, or PZL_BIN) from the repository's
// examples, never taken from the corpus.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, inflateRawSync } from 'node:zlib';
import { launchChromium } from '../scripts/chromium.mjs';
import { serve } from '../serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const web = join(here, '..');
const repo = join(web, '..');
const dist = join(web, 'dist');
const pzlBin = process.env.PZL_BIN || join(process.env.CARGO_TARGET_DIR || join(repo, 'target'), 'debug', 'pzl');
const tmp = mkdtempSync(join(tmpdir(), 'pzl-app-test-'));
// Screenshots for the guide: target/screenshots, or web/screenshots with PZL_UPDATE_SCREENSHOTS=1.
const shots = process.env.PZL_UPDATE_SCREENSHOTS ? join(web, 'screenshots') : join(repo, 'target', 'screenshots');
const files = join(tmp, 'files');

let server, browser, base;

before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'run `npm run build` first');
  assert.ok(existsSync(pzlBin), `the tests write their files with the pzl command: cargo build -p pzl-cli (or set PZL_BIN); ${pzlBin} is missing`);
  mkdirSync(files);
  mkdirSync(shots, { recursive: true });
  const pzl = (...args) => execFileSync(pzlBin, args, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  pzl('convert', 'examples/crossword/square-deal.ipuz', '--to', 'puz', '-o', join(files, 'square-deal.puz'));
  pzl('poly', 'ftor', 'SBP1', join(files, 'square.bin'), 'examples/poly/square.macpoly');
  pzl('mac', 'stuff', join(files, 'square.bin'), '-o', join(files, 'Puzzles.sit'));
  pzl('mac', 'stuff', join(files, 'square.bin'), join(files, 'square-deal.puz'), '-o', join(files, 'Puzzles.sit.hqx'));
  pzl('apad', 'solve', 'Nov 22', '--first', '-o', join(files, 'nov22.apad'));
  server = await serve(dist);
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function page(url, context) {
  const ctx = context ?? await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const p = await ctx.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  p.errors = errors;
  await p.goto(url);
  await p.waitForSelector('body[data-ready="1"]', { timeout: 10_000 });
  return p;
}

const ready = (p) => p.waitForSelector('body[data-ready="1"]', { timeout: 10_000 });
const footer = (p) => p.textContent('[data-pzl-version]');
const cacheNames = (p) => p.evaluate(() => caches.keys());
const controlled = (p) => p.evaluate(() => navigator.serviceWorker.ready.then(() => new Promise((r) => (
  navigator.serviceWorker.controller ? r() : navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true })))));

test('a new build reaches a returning visitor: new worker, new cache, old cache deleted, "reload" shows it', async () => {
  const site = join(tmp, 'site');
  const build = (note) => execFileSync(process.execPath, [join(web, 'build.mjs'), '--js-only', '--out', site],
    { cwd: web, env: { ...process.env, PZL_BUILD_NOTE: note }, stdio: 'pipe' });
  build('first release');
  const s = await serve(site);
  try {
    const p = await page(`http://127.0.0.1:${s.address().port}/`);
    await controlled(p);
    assert.match(await footer(p), /^pzl \d+\.\d+\.\d+ · build [0-9a-f]{12} · first release$/);
    const first = await cacheNames(p);
    assert.equal(first.length, 1);
    assert.match(first[0], /^pzl-\d+\.\d+\.\d+-[0-9a-f]{12}$/);
    assert.equal(await p.isHidden('[data-pzl-update]'), true, 'no update prompt on the first visit');

    build('second release');
    await p.reload();
    await ready(p);
    // The returning visitor is served the cached release at once (offline first), while the
    // browser installs the new worker; the page then offers the new version.
    await p.waitForSelector('[data-pzl-update]:not([hidden]) [data-pzl-action="update"]', { timeout: 15_000 });
    assert.match(await p.textContent('[data-pzl-update]'), /new version/);
    await Promise.all([p.waitForEvent('load'), p.click('[data-pzl-action="update"]')]);
    await ready(p);
    assert.match(await footer(p), / · second release$/);
    const second = await cacheNames(p);
    assert.equal(second.length, 1, `old caches are deleted: ${second}`);
    assert.notEqual(second[0], first[0]);
    // And the new release is what the worker serves offline.
    await p.context().setOffline(true);
    await p.reload();
    await ready(p);
    assert.match(await footer(p), / · second release$/);
    assert.deepEqual(p.errors, []);
    await p.context().close();
  } finally {
    s.close();
  }
});

test('the WASM module the page loads is under 1 MB gzipped (10^6 bytes)', () => {
  const gz = gzipSync(readFileSync(join(dist, 'pzl_wasm_bg.wasm')), { level: 9 }).length;
  console.log(`dist/pzl_wasm_bg.wasm: ${gz} bytes gzipped`);
  assert.ok(gz < 1_000_000, `${gz} bytes gzipped`);
});

test('the web app manifest parses and names its icons, which load at their sizes', async () => {
  const p = await page(base);
  const href = await p.getAttribute('link[rel="manifest"]', 'href');
  const m = await p.evaluate(async (url) => (await fetch(url)).json(), href);
  assert.equal(m.short_name, 'pzl');
  assert.ok(m.name.startsWith('pzl'));
  assert.equal(m.display, 'standalone');
  assert.equal(m.start_url, './');
  assert.match(m.theme_color, /^#[0-9a-f]{6}$/);
  assert.equal(await p.getAttribute('meta[name="theme-color"]', 'content'), m.theme_color);
  const purposes = new Set(m.icons.map((i) => i.purpose));
  assert.ok(purposes.has('maskable') && purposes.has('any'));
  for (const size of ['192x192', '512x512']) assert.ok(m.icons.some((i) => i.sizes === size && i.type === 'image/png'), size);
  for (const icon of m.icons) {
    const got = await p.evaluate(async (src) => {
      const r = await fetch(src);
      const img = new Image();
      img.src = src;
      await img.decode();
      return { ok: r.ok, type: r.headers.get('content-type'), size: `${img.naturalWidth}x${img.naturalHeight}` };
    }, new URL(icon.src, base + href).href);
    assert.ok(got.ok, icon.src);
    assert.equal(got.type, icon.type, icon.src);
    if (icon.sizes !== 'any') assert.equal(got.size, icon.sizes, icon.src);
  }
  await p.context().close();
});

/** Open `path` in the page, press Share, and return the link it shows. */
async function shareLink(p, path) {
  await p.setInputFiles('input[data-pzl-open]', path);
  await p.waitForSelector('[data-pzl-action="share"]:not([hidden])');
  await p.click('[data-pzl-action="share"]');
  await p.waitForSelector('[data-pzl-share-link]');
  return p.inputValue('[data-pzl-share-link]');
}

/** The bytes a `#f=` link carries, decoded here (Node's zlib), to compare with the file. */
function carried(link) {
  const [name, data] = new URL(link).hash.slice(3).split(':');
  return { name: decodeURIComponent(name), bytes: inflateRawSync(Buffer.from(data, 'base64url')) };
}

for (const [what, file, kind] of [
  ['a .puz crossword', 'square-deal.puz', 'crossword'],
  ['an APAD board', 'nov22.apad', 'apad'],
  ['a Mac file (MacBinary with a MacPoly puzzle resource)', 'square.bin', 'poly'],
]) {
  test(`share link: ${what} travels in the fragment and reopens as the same bytes`, async () => {
    const path = join(files, file);
    const p = await page(base);
    await p.setInputFiles('input[data-pzl-open]', path);
    await p.waitForSelector(`[data-pzl-board][data-kind="${kind}"]`);
    const title = await p.textContent('#title');
    const link = await shareLink(p, path);
    assert.match(link, /#f=[^:]+:[A-Za-z0-9_-]+$/);
    assert.ok(link.length <= 8192);
    const got = carried(link);
    assert.equal(got.name, path.split('/').pop());
    assert.deepEqual(got.bytes, readFileSync(path), 'the link carries the file byte for byte');
    assert.equal(await p.evaluate(() => location.href), link, 'the address bar holds the link');
    await p.context().close();

    // Someone else opens it: the same puzzle, and sharing it again gives the very same link
    // (deflate is deterministic: same bytes in, same link out).
    const q = await page(link);
    await q.waitForSelector(`[data-pzl-board][data-kind="${kind}"]`);
    assert.equal(await q.textContent('#title'), title);
    await q.click('[data-pzl-action="share"]');
    await q.waitForSelector('[data-pzl-share-link]');
    assert.equal(await q.inputValue('[data-pzl-share-link]'), link);
    assert.deepEqual(q.errors, []);
    await q.context().close();
  });
}

test('share link: a text puzzle keeps its readable ?p= link', async () => {
  const url = 'https://puzz.link/p?mashu/6/6/1063000i3000';
  const p = await page(base + '?p=' + encodeURIComponent(url));
  await p.waitForSelector('[data-pzl-board][data-kind="masyu"]');
  await p.click('[data-pzl-action="share"]');
  await p.waitForSelector('[data-pzl-share-link]');
  const link = new URL(await p.inputValue('[data-pzl-share-link]'));
  assert.equal(link.searchParams.get('p'), url);
  assert.equal(link.hash, '');
  await p.context().close();
});

test('share link: a text file shares as a readable ?p= link that opens the same bytes; big text goes in #f=', async () => {
  const small = join(repo, 'examples', 'poly', 'pent-6x10.pack');
  const p = await page(base);
  await p.setInputFiles('input[data-pzl-open]', small);
  await p.waitForSelector('[data-pzl-board][data-kind="poly"] svg');
  const link = await shareLink(p, small);
  const url = new URL(link);
  assert.equal(url.hash, '', 'no fragment');
  // The link's text, as `?p=` opens it (trimmed, one newline), is the file byte for byte.
  assert.deepEqual(Buffer.from(`${url.searchParams.get('p')}\n`), readFileSync(small));
  assert.ok(link.length <= 2048, `${link.length} characters`);
  const format = await p.evaluate(() => window.__pzlPlayer.p.format());
  await p.context().close();
  const q = await page(link);
  await q.waitForSelector('[data-pzl-board][data-kind="poly"] svg');
  assert.equal(await q.evaluate(() => window.__pzlPlayer.p.format()), format);
  await q.click('[data-pzl-action="share"]');
  await q.waitForSelector('[data-pzl-share-link]');
  assert.equal(await q.inputValue('[data-pzl-share-link]'), link, 'shared again: the same link');
  await q.context().close();

  // A bigger text (its ?p= link would pass 2,048 characters), and text whose bytes ?p= would
  // change (no final newline): the file itself, compressed in the fragment.
  const big = join(repo, 'examples', 'poly', 'hexo-15x15-hole.pack');
  const unended = join(files, 'unended.pack');
  writeFileSync(unended, readFileSync(small, 'utf8').trimEnd());
  for (const path of [big, unended]) {
    const r = await page(base);
    const l = await shareLink(r, path);
    assert.match(l, /\/#f=[^:]+:[A-Za-z0-9_-]+$/, path);
    assert.deepEqual(carried(l).bytes, readFileSync(path), `${path}: the link carries the file byte for byte`);
    await r.context().close();
  }
});

test('share link: a file too big for a link is refused, naming the 8 KB limit', async () => {
  // An ipuz crossword whose notes are 12 KB of text that does not compress.
  const ipuz = JSON.parse(readFileSync(join(repo, 'examples/crossword/square-deal.ipuz'), 'utf8'));
  let seed = 7;
  const noise = Array.from({ length: 12_000 }, () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[seed % 62];
  }).join('');
  ipuz.notes = noise;
  const big = join(files, 'big.ipuz');
  writeFileSync(big, JSON.stringify(ipuz));
  const p = await page(base);
  await p.setInputFiles('input[data-pzl-open]', big);
  await p.waitForSelector('[data-pzl-board][data-kind="crossword"]');
  await p.click('[data-pzl-action="share"]');
  await p.waitForFunction(() => /too big to share/.test(document.querySelector('#message').textContent));
  const message = await p.textContent('#message');
  assert.match(message, /8 KB \(8,192 characters\)/);
  assert.equal(await p.locator('[data-pzl-share-link]').count(), 0, 'no link is offered');
  await p.context().close();
});

test('share link: a damaged link says so instead of opening something else', async () => {
  const p = await page(base + '#f=square.bin:AAAA-not-deflate');
  await p.waitForFunction(() => /share link is damaged/.test(document.querySelector('#message').textContent));
  assert.equal(await p.getAttribute('[data-pzl-board]', 'data-kind'), '');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

/** The npm package as `npm pack` makes it (the page's WASM build: no wasm-opt here), unpacked. */
function installPackage(nodeModules) {
  const pkg = join(tmp, 'pkg');
  rmSync(pkg, { recursive: true, force: true });
  mkdirSync(pkg);
  execFileSync(process.execPath, [join(web, 'scripts', 'component.mjs'), join(pkg, 'component.js')], { cwd: web, stdio: 'pipe' });
  const from = {
    'pzl_wasm.js': join(web, 'src', 'pkg', 'pzl_wasm.js'),
    'pzl_wasm_bg.wasm': join(web, 'src', 'pkg', 'pzl_wasm_bg.wasm'),
    'LICENSE-MIT': join(repo, 'LICENSE-MIT'),
    'LICENSE-APACHE': join(repo, 'LICENSE-APACHE'),
  };
  const manifest = JSON.parse(readFileSync(join(web, 'npm', 'package.json'), 'utf8'));
  cpSync(join(web, 'npm', 'package.json'), join(pkg, 'package.json'));
  for (const f of manifest.files) {
    if (existsSync(join(pkg, f))) continue;
    cpSync(from[f] ?? join(web, 'npm', f), join(pkg, f));
  }
  const tgz = execFileSync('npm', ['pack', '--silent', '--pack-destination', tmp], { cwd: pkg, encoding: 'utf8' }).trim().split('\n').pop();
  const into = join(nodeModules, 'pzl');
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-xzf', join(tmp, tgz), '-C', into, '--strip-components=1']);
  assert.ok(existsSync(join(into, 'component.js')) && existsSync(join(into, 'component.d.ts')), 'the package ships the element');
}

test('<pzl-puzzle>: the example page plays from a plain static folder (the packed package + the page)', async () => {
  const site = join(tmp, 'embed');
  mkdirSync(site);
  installPackage(join(site, 'node_modules'));
  cpSync(join(web, 'npm', 'examples', 'embed.html'), join(site, 'embed.html'));
  cpSync(join(files, 'square-deal.puz'), join(site, 'square-deal.puz'));
  const s = await serve(site);
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const p = await ctx.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const log = () => p.textContent('#log');
  const logged = async (re) => {
    try {
      await p.waitForFunction((src) => new RegExp(src).test(document.querySelector('#log').textContent), re.source, { timeout: 10_000 });
    } catch (e) {
      throw new Error(`${re} not in the page's log:\n${await log()}\n${errors.join('\n')}`);
    }
  };
  try {
    await p.goto(`http://127.0.0.1:${s.address().port}/embed.html`);
    // Inline data: a puzz.link Masyu, played with the page's own Masyu player.
    await p.waitForSelector('pzl-puzzle#masyu [data-pzl-board][data-kind="masyu"] [data-pzl-edge]');
    await logged(/masyu: pzl-loaded \{"kind":"masyu"/);
    await logged(/pack: pzl-loaded \{"kind":"poly"/);
    await p.click('pzl-puzzle#masyu [data-pzl-edge="0"]');
    assert.equal(await p.getAttribute('pzl-puzzle#masyu [data-pzl-edge="0"]', 'data-state'), 'line');
    await logged(/masyu: pzl-changed \{"kind":"masyu","status":"unsolved"\}/);
    await p.click('pzl-puzzle#masyu [data-pzl-action="check"]');
    await logged(/masyu: pzl-checked \{"kind":"masyu","status":"wrong","ok":false,"message":"\[/);
    await p.click('pzl-puzzle#masyu [data-pzl-action="solve"]');
    await logged(/masyu: pzl-solved \{"kind":"masyu","format":"pzprjs"/);
    assert.equal(await p.getAttribute('pzl-puzzle#masyu [data-pzl-board]', 'data-status'), 'solved');
    assert.equal(await p.evaluate(() => document.querySelector('#masyu').status), 'solved');
    // `actions` chose the buttons; `readonly` shows the puzzle without the puzzle's buttons, and
    // `controls` chose the view's (here Print only).
    assert.equal(await p.isVisible('pzl-puzzle#masyu [data-pzl-action="replay"]'), false);
    assert.equal(await p.isVisible('pzl-puzzle#pack [data-pzl-action="solve"]'), false);
    assert.ok(await p.isVisible('pzl-puzzle#pack [data-pzl-board][data-kind="poly"] svg'));
    assert.ok(await p.isVisible('pzl-puzzle#pack [data-pzl-action="print"]'));
    for (const a of ['zoom-in', 'zoom-out', 'fit', 'theme']) assert.equal(await p.isVisible(`pzl-puzzle#pack [data-pzl-action="${a}"]`), false, a);

    // The view's controls, as on the page: zoom and fit (this element's board only), the theme
    // switch, Print (the element alone).
    for (const a of ['zoom-in', 'zoom-out', 'fit', 'print', 'theme']) assert.ok(await p.isVisible(`pzl-puzzle#masyu [data-pzl-action="${a}"]`), a);
    const width = (id) => p.locator(`pzl-puzzle#${id} [data-pzl-board] > svg`).evaluate((e) => e.getBoundingClientRect().width);
    const [w0, pack0] = [await width('masyu'), await width('pack')];
    await p.click('pzl-puzzle#masyu [data-pzl-action="zoom-in"]');
    assert.ok(Math.abs(await width('masyu') / w0 - 1.25) < 0.02, `${w0} -> ${await width('masyu')}`);
    assert.equal(await width('pack'), pack0, 'the other element keeps its zoom');
    await p.click('pzl-puzzle#masyu [data-pzl-action="fit"]');
    assert.ok(Math.abs(await width('masyu') - w0) < 1);
    const panel = () => p.locator('pzl-puzzle#masyu').evaluate((e) => getComputedStyle(e.shadowRoot.querySelector('.pzl')).backgroundColor);
    await p.click('pzl-puzzle#masyu [data-pzl-action="theme"]');
    await logged(/masyu: pzl-theme \{"theme":"dark"\}/);
    assert.equal(await p.getAttribute('pzl-puzzle#masyu', 'theme'), 'dark');
    assert.equal(await p.getAttribute('pzl-puzzle#masyu [data-pzl-action="theme"]', 'aria-pressed'), 'true');
    assert.equal(await panel(), 'rgb(27, 31, 36)');
    // Print: the browser's dialog is stood in for; what it would print is the print style's.
    await p.evaluate(() => { window.printed = 0; window.print = () => { window.printed++; }; });
    await p.click('pzl-puzzle#masyu [data-pzl-action="print"]');
    assert.equal(await p.evaluate(() => window.printed), 1);
    await p.emulateMedia({ media: 'print' });
    assert.equal(await p.isVisible('h1'), false, 'the host page is not printed');
    assert.equal(await p.isVisible('pzl-puzzle#pack [data-pzl-board] svg'), false, 'nor the other puzzle');
    assert.ok(await p.isVisible('pzl-puzzle#masyu [data-pzl-board] svg'), 'the puzzle is printed');
    assert.equal(await p.isVisible('pzl-puzzle#masyu [data-pzl-action="check"]'), false, 'without its buttons');
    assert.equal(await panel(), 'rgba(0, 0, 0, 0)', 'printed light');
    await p.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    assert.equal(await p.isVisible('h1'), true, 'after printing, the page prints whole again');
    await p.emulateMedia({ media: 'screen' });
    await p.click('pzl-puzzle#masyu [data-pzl-action="theme"]');
    assert.equal(await p.getAttribute('pzl-puzzle#masyu', 'theme'), 'light');
    // Moved in the page (it leaves, dropping its window listeners, and comes back): it still
    // zooms and fits.
    await p.evaluate(() => { const el = document.querySelector('pzl-puzzle#masyu'); el.parentElement.append(el); });
    await p.waitForSelector('pzl-puzzle#masyu [data-pzl-board][data-kind="masyu"] [data-pzl-edge]');
    await p.click('pzl-puzzle#masyu [data-pzl-action="fit"]');
    const w1 = await width('masyu');
    await p.click('pzl-puzzle#masyu [data-pzl-action="zoom-in"]');
    assert.ok(Math.abs(await width('masyu') / w1 - 1.25) < 0.02, `after a move: ${w1} -> ${await width('masyu')}`);
    await p.click('pzl-puzzle#masyu [data-pzl-action="fit"]');
    // The audit, inside the elements' shadow roots too, light and dark.
    for (const theme of ['light', 'dark']) {
      await p.evaluate((t) => { for (const x of document.querySelectorAll('pzl-puzzle')) x.setAttribute('theme', t); }, theme);
      await p.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
      const found = await p.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`));
      assert.deepEqual(found, [], `axe-core (${theme})`);
    }
    await p.evaluate(() => { for (const x of document.querySelectorAll('pzl-puzzle')) x.removeAttribute('theme'); });
    // controls="none": no view buttons.
    await p.evaluate(() => document.querySelector('#masyu').setAttribute('controls', 'none'));
    for (const a of ['zoom-in', 'zoom-out', 'fit', 'print', 'theme']) assert.equal(await p.isVisible(`pzl-puzzle#masyu [data-pzl-action="${a}"]`), false, a);
    assert.ok(await p.isVisible('pzl-puzzle#masyu [data-pzl-action="check"]'));
    await p.evaluate(() => document.querySelector('#masyu').removeAttribute('controls'));

    await p.screenshot({ path: join(shots, 'embed.png'), fullPage: true });
    // A third one from a URL (`src`): a .puz crossword, typed into by keyboard.
    await p.evaluate(() => {
      const x = document.createElement('pzl-puzzle');
      x.id = 'xw';
      x.setAttribute('src', 'square-deal.puz');
      document.body.append(x);
    });
    await logged(/xw: pzl-loaded \{"kind":"crossword","format":"puz","name":"square-deal.puz"\}/);
    await p.waitForSelector('pzl-puzzle#xw [data-pzl-board][data-kind="crossword"] [data-pzl-cell]');
    await p.click('pzl-puzzle#xw [data-pzl-cell][data-row="0"][data-col="0"]');
    await p.keyboard.type('Q');
    await logged(/xw: pzl-changed \{"kind":"crossword"/);
    assert.equal((await p.textContent('pzl-puzzle#xw [data-pzl-cell][data-row="0"][data-col="0"]')).trim().slice(-1), 'Q');
    // Two elements, two players: the Masyu kept its solved board.
    assert.equal(await p.getAttribute('pzl-puzzle#masyu [data-pzl-board]', 'data-status'), 'solved');

    // A fourth, replaying the solver while the first one is used: each keeps its own board,
    // message and replay counter (the replay's timer works in its own element).
    await p.evaluate((data) => {
      const x = document.createElement('pzl-puzzle');
      x.id = 'm2';
      x.setAttribute('data', data);
      document.body.append(x);
    }, 'https://puzz.link/p?mashu/10/10/0i00me030932110099033ij09107di0000');
    await p.waitForSelector('pzl-puzzle#m2 [data-pzl-edge]');
    await p.click('pzl-puzzle#m2 [data-pzl-action="replay"]');
    await p.click('pzl-puzzle#masyu [data-pzl-action="undo"]');
    await p.waitForFunction(() => /^step (\d+) \/ \1$/.test(document.querySelector('#m2').shadowRoot.querySelector('#replay-pos').textContent), null, { timeout: 20_000 });
    assert.equal(await p.textContent('pzl-puzzle#masyu #replay-pos'), '');
    assert.equal(await p.getAttribute('pzl-puzzle#m2 [data-pzl-board]', 'data-status'), 'solved');
    assert.notEqual(await p.getAttribute('pzl-puzzle#masyu [data-pzl-board]', 'data-status'), 'solved', 'undo took the first one back');

    // A missing file is an event and a message, not an exception.
    await p.evaluate(() => document.querySelector('#xw').setAttribute('src', 'nosuch.puz'));
    await logged(/xw: pzl-error \{"message":"nosuch.puz: the server answered 404/);
    assert.deepEqual(errors.filter((e) => !/404/.test(e)), [], await log());
  } finally {
    await ctx.close();
    s.close();
  }
});

/** Drop `path` on the page as a file, as a person drags it from their desktop. */
async function drop(p, path) {
  const data = await p.evaluateHandle(({ name, b64 }) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name));
    return dt;
  }, { name: path.split('/').pop(), b64: readFileSync(path).toString('base64') });
  await p.dispatchEvent('#drop', 'drop', { dataTransfer: data });
}

test('Mac archives: a dropped StuffIt archive lists its members, and a MacPoly puzzle inside opens', async () => {
  const p = await page(base);
  await drop(p, join(files, 'Puzzles.sit'));
  await p.waitForSelector('[data-pzl-board][data-kind="archive"] [data-pzl-members]');
  assert.match(await p.textContent('#title'), /Puzzles\.sit — StuffIt/);
  assert.deepEqual(await p.locator('[data-pzl-member]').evaluateAll((b) => b.map((x) => x.dataset.pzlMember)), ['square']);
  assert.match(await p.textContent('[data-pzl-members] li'), /'rsrc'\/'RSED', data 0 bytes, resources 747 bytes/);
  await p.click('[data-pzl-member="square"]');
  await p.waitForSelector('[data-pzl-board][data-kind="poly"] svg');
  assert.match(await p.textContent('#title'), /Puzzles\.sit — square — poly/);
  await p.click('[data-pzl-action="solve"]');
  await p.waitForFunction(() => /solution/.test(document.querySelector('#message').textContent));
  assert.equal(await p.getAttribute('[data-pzl-board]', 'data-status'), 'solved');
  // The member shared by link: the archive travels, the member is named.
  await p.click('[data-pzl-action="share"]');
  await p.waitForSelector('[data-pzl-share-link]');
  const link = await p.inputValue('[data-pzl-share-link]');
  assert.match(link, /#f=Puzzles\.sit:[A-Za-z0-9_-]+:square$/);
  // Back to the list.
  await p.click('[data-pzl-members-back]');
  await p.waitForSelector('[data-pzl-members]');
  assert.deepEqual(p.errors, []);
  await p.context().close();
  const q = await page(link);
  await q.waitForSelector('[data-pzl-board][data-kind="poly"] svg');
  assert.match(await q.textContent('#title'), /Puzzles\.sit — square/);
  await q.context().close();
});

test('Mac archives: a StuffIt archive in BinHex (.sit.hqx) with two members: the crossword opens', async () => {
  const p = await page(base);
  await p.setInputFiles('input[data-pzl-open]', join(files, 'Puzzles.sit.hqx'));
  await p.waitForSelector('[data-pzl-members]');
  assert.deepEqual(await p.locator('[data-pzl-member]').evaluateAll((b) => b.map((x) => x.dataset.pzlMember)), ['square', 'square-deal.puz']);
  await p.setViewportSize({ width: 720, height: 270 });
  await p.screenshot({ path: join(shots, 'archive.png') });
  await p.setViewportSize({ width: 1280, height: 860 });
  await p.click('[data-pzl-member="square-deal.puz"]');
  await p.waitForSelector('[data-pzl-board][data-kind="crossword"] [data-pzl-cell]');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('Mac archives: an HFS disk image (hfsutils) lists its folders and files', async (t) => {
  const hformat = ['/usr/bin/hformat', '/usr/local/bin/hformat'].find(existsSync);
  if (!hformat) { t.skip('hfsutils is not installed (apt-get install hfsutils): no HFS image to drop'); return; }
  const image = join(files, 'Puzzles.dsk');
  writeFileSync(image, Buffer.alloc(800 * 1024));
  // hfsutils keeps its "current volume" in $HOME/.hcwd: a home of its own in the temp folder.
  const env = { ...process.env, HOME: tmp };
  const h = (...args) => execFileSync(args[0], args.slice(1), { env, stdio: 'pipe' });
  h(hformat, '-l', 'Puzzles', image);
  h('hmount', image);
  h('hmkdir', 'Puzzles:MacPoly');
  h('hcopy', '-m', join(files, 'square.bin'), 'Puzzles:MacPoly:');
  h('humount', 'Puzzles');
  const p = await page(base);
  await drop(p, image);
  await p.waitForSelector('[data-pzl-members]');
  const listed = await p.textContent('[data-pzl-members]');
  assert.match(listed, /MacPoly\//);
  await p.click('[data-pzl-member="MacPoly/square"]');
  await p.waitForSelector('[data-pzl-board][data-kind="poly"] svg');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});
