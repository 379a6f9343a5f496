// The players on every device, in real Chromium (Debian's package, driven by playwright-core):
// a phone (touch, 390×844) typing a crossword through its input and drawing a Masyu loop with a
// finger; zoom and pinch; a 360 px wide window; Print and the print view; errors in the page's
// words; the real packing count; dark mode; keyboard play with screen-reader labels; and the
// axe-core audit on every player. Screenshots go where e2e.test.mjs puts them (target/screenshots,
// or screenshots/ with PZL_UPDATE_SCREENSHOTS=1).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { launchChromium } from '../scripts/chromium.mjs';
import { serve } from '../serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const web = join(here, '..');
const repo = join(web, '..');
const dist = join(web, 'dist');
const shots = process.env.PZL_UPDATE_SCREENSHOTS ? join(web, 'screenshots') : join(repo, 'target', 'screenshots');
// Pictures the README does not show: always beside the build.
const scratch = join(repo, 'target', 'screenshots');
const corpus = [process.env.PZL_CORPUS, join(repo, '..', 'shared', 'corpus'), join(repo, '..', '..', 'shared', 'corpus')]
  .find((d) => d && existsSync(d));
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const timings = {};

const CROSSWORD = join(repo, 'examples', 'crossword', 'square-deal.ipuz');
const PENT_6X10 = join(repo, 'examples', 'poly', 'pent-6x10.pack');
const MASYU_10 = 'https://puzz.link/p?mashu/10/10/130010i6j009960933092093203019200i';
const LADYBUG = '4:4:AgAQAA';

let server, browser, base;

before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'run `npm run build` first');
  mkdirSync(shots, { recursive: true });
  mkdirSync(scratch, { recursive: true });
  server = await serve(dist);
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await launchChromium();
});

after(async () => {
  console.log('player timings', JSON.stringify(timings));
  // Numbers of this machine and moment: beside the build, never among the tracked screenshots.
  writeFileSync(join(scratch, 'timings-player.json'), JSON.stringify(timings, null, 1) + '\n');
  await browser?.close();
  server?.close();
});

const DESKTOP = { viewport: { width: 1280, height: 860 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

async function page(query = '', options = DESKTOP) {
  const context = await browser.newContext(options);
  const p = await context.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await p.goto(base + query);
  await p.waitForSelector('body[data-ready="1"]', { timeout: 10_000 });
  p.errors = errors;
  return p;
}

async function openFile(p, path, kind) {
  await p.setInputFiles('input[data-pzl-open]', path);
  await p.waitForSelector(`[data-pzl-board][data-kind="${kind}"] > *`);
}

const status = (p) => p.getAttribute('[data-pzl-board]', 'data-status');
const message = (p) => p.textContent('#message');

/** Every serious or critical axe-core violation on the page, as readable lines. */
async function audit(p) {
  await p.addScriptTag({ path: axePath });
  const result = await p.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

/** Touch points through the DevTools protocol: Chromium turns them into pointer events. */
async function touch(p) {
  const cdp = await p.context().newCDPSession(p);
  const send = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  return {
    async drag(path) {
      await send('touchStart', [path[0]]);
      for (const pt of path.slice(1)) await send('touchMove', [pt]);
      await send('touchEnd', []);
    },
    async pinch(centre, from, to, steps = 6) {
      const at = (d) => [{ x: centre.x - d, y: centre.y, id: 1 }, { x: centre.x + d, y: centre.y, id: 2 }];
      await send('touchStart', at(from));
      for (let k = 1; k <= steps; k++) await send('touchMove', at(from + ((to - from) * k) / steps));
      await send('touchEnd', []);
    },
  };
}

/** The centre of Masyu cell (r, c) on the screen. */
async function cellCentre(p, r, c) {
  const box = await p.locator(`svg.masyu rect.cell[data-row="${r}"][data-col="${c}"]`).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The solution's loop as a walk of cells (from the WASM module: the test plays a person who knows it). */
async function masyuLoop(p) {
  return p.evaluate(() => {
    const pl = window.__pzlPlayer;
    const edges = JSON.parse(pl.p.solve('{}')).edges[0];
    const next = new Map();
    pl.d.ends.forEach(([r1, c1, r2, c2], n) => {
      if (edges[n] !== 'line') return;
      const a = `${r1},${c1}`, b = `${r2},${c2}`;
      next.set(a, [...(next.get(a) ?? []), b]);
      next.set(b, [...(next.get(b) ?? []), a]);
    });
    const start = [...next.keys()][0];
    const walk = [start];
    let prev = null, at = start;
    for (;;) {
      const to = next.get(at).find((x) => x !== prev);
      if (to === start) break;
      walk.push(to);
      prev = at;
      at = to;
    }
    walk.push(start);
    return walk.map((k) => k.split(',').map(Number));
  });
}

test('a shared puzzle is playable within 1 s of the page load (median of 5) and the WASM module is under 1 MB gzipped', async () => {
  // Page load (navigation start) to the first playable board: the performance mark the page sets
  // once a `?p=` or `#f=` link's board is drawn and every handler attached. Each load in a fresh context
  // (nothing cached); the median of five.
  const text = readFileSync(join(repo, 'examples', 'poly', 'pent-6x10.pack'), 'utf8');
  // A crossword shared as a file: the link's fragment, as the Share button makes it.
  const crossword = `#f=square-deal.ipuz:${deflateRawSync(readFileSync(CROSSWORD)).toString('base64url')}`;
  const loads = { masyu: '?p=' + encodeURIComponent(MASYU_10), pack: '?p=' + encodeURIComponent(text), crossword };
  const marks = {};
  let p;
  for (const [name, link] of Object.entries(loads)) {
    marks[name] = [];
    for (let k = 0; k < 5; k++) {
      await p?.context().close();
      p = await page(link);
      assert.ok(await p.locator('[data-pzl-board] > *').count() > 0, `${name}: a board`);
      marks[name].push(await p.evaluate(() => performance.getEntriesByName('pzl-interactive')[0]?.startTime));
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  timings.interactive_ms = Math.round(median(marks.masyu));
  timings.interactive_ms_loads = marks.masyu.map(Math.round);
  timings.interactive_pack_ms = Math.round(median(marks.pack));
  timings.interactive_crossword_ms = Math.round(median(marks.crossword));
  const gz = gzipSync(readFileSync(join(dist, 'pzl_wasm_bg.wasm')), { level: 9 }).length;
  timings.wasm_gzip_bytes = gz;
  console.log(`load to a playable board (median of 5): Masyu ${timings.interactive_ms} ms, packing ${timings.interactive_pack_ms} ms, crossword (#f= link) ${timings.interactive_crossword_ms} ms; WASM ${gz} bytes gzipped`);
  // The median is held under 1 s unless other work crowds the machine (a load above twice its
  // cores, as when several builds share it): then the best load is, and the log says so.
  const crowded = loadavg()[0] > 2 * cpus().length;
  if (crowded) console.log(`the machine is crowded (load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores): holding the best of five under 1 s, not the median`);
  for (const [name, xs] of Object.entries(marks)) {
    const held = crowded ? Math.min(...xs) : median(xs);
    assert.ok(held < 1000, `${name}: playable after ${Math.round(held)} ms (${xs.map(Math.round)})`);
  }
  assert.ok(gz < 1_000_000, `the WASM module is ${gz} bytes gzipped`);
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('Packing: the count is the real one (2,339 distinct for 6×10), with the first 200 to step through', async () => {
  const p = await page();
  await openFile(p, PENT_6X10, 'poly');
  await p.click('[data-pzl-action="solve"]');
  await p.waitForSelector('#poly-count[data-count]', { timeout: 60_000 });
  assert.equal(await p.getAttribute('#poly-count', 'data-count'), '2339', await message(p));
  assert.equal(await p.getAttribute('#poly-count', 'data-exact'), 'true');
  assert.equal(await p.getAttribute('#poly-count', 'data-shown'), '200');
  assert.match(await message(p), /^2339 distinct solutions, found in \d+ ms; the first 200 can be shown$/);
  assert.match(await p.textContent('#poly-count'), /^solution 1 of 2339 \(first 200 shown\)$/);
  timings.poly_pent_6x10_distinct_all_ms = await p.evaluate(() => Math.round(window.pzlLastSolveMs));
  // Every solution, not up to symmetry: 4 × 2,339.
  await p.uncheck('#poly-distinct');
  await p.click('[data-pzl-action="solve"]');
  await p.waitForFunction(() => document.querySelector('#poly-count')?.dataset.count === '9356', null, { timeout: 60_000 });
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('Print works for every player: no error, and the print view holds the board and the clues, no controls', async () => {
  const opened = [
    ['crossword', (p) => openFile(p, CROSSWORD, 'crossword')],
    ['masyu', (p) => p.goto(base + '?p=' + encodeURIComponent(MASYU_10)).then(() => p.waitForSelector('[data-pzl-edge]'))],
    ['poly', (p) => openFile(p, PENT_6X10, 'poly')],
    ['apad', (p) => p.goto(base + '?apad=classic').then(() => p.waitForSelector('#apad-count[data-count]'))],
  ];
  for (const [kind, open] of opened) {
    const p = await page();
    await open(p);
    await p.evaluate(() => { window.printed = 0; window.addEventListener('beforeprint', () => { window.printed++; }); });
    const print = p.locator('[data-pzl-action="print"]');
    assert.ok(await print.isEnabled(), `${kind}: Print is offered`);
    await print.click();
    assert.notEqual(await p.getAttribute('#message', 'data-level'), 'error', `${kind}: ${await message(p)}`);
    assert.doesNotMatch(await message(p), /cannot draw/);
    assert.equal(await p.evaluate(() => window.printed), 1, `${kind}: the browser's print ran`);
    await p.emulateMedia({ media: 'print' });
    for (const hidden of ['header', '#actions', '#extra', '#message']) {
      assert.equal(await p.locator(hidden).isVisible(), false, `${kind}: ${hidden} is not printed`);
    }
    assert.ok(await p.locator('[data-pzl-board] > :is(svg, table)').isVisible(), `${kind}: the board is printed`);
    const board = await p.locator('[data-pzl-board] > :is(svg, table)').boundingBox();
    assert.ok(board.width > 100, `${kind}: the board is ${board.width} px wide`);
    if (kind === 'crossword') {
      assert.ok(await p.locator('#side h2').first().isVisible());
      const clues = await p.locator('#side li').count();
      assert.ok(clues >= 10, `${clues} clues`);
      assert.equal(await p.evaluate(() => getComputedStyle(document.querySelector('#side')).maxHeight), 'none');
      assert.ok(await p.locator('#side li').last().isVisible(), 'every clue is printed');
    }
    assert.deepEqual(p.errors, [], kind);
    await p.context().close();
  }
});

test('Messages speak the page\'s language, next to the board, with a role', async () => {
  const p = await page('?p=' + encodeURIComponent('hello world'));
  assert.equal(await p.getAttribute('#message', 'role'), 'alert');
  const text = await message(p);
  assert.doesNotMatch(text, /--|`pzl|\bpzl formats\b/, text);
  assert.match(text, /^Cannot tell the format from the content or the name\. Open a file the page reads: Masyu \(/, text);
  assert.match(text, /crosswords \(.*\.puz/);
  // A file: its name once, not twice.
  await p.setInputFiles('input[data-pzl-open]', { name: 'notes.md', mimeType: 'text/plain', buffer: Buffer.from('# notes\n') });
  await p.waitForFunction(() => document.querySelector('#message').textContent.startsWith('notes.md'));
  assert.doesNotMatch(await message(p), /notes\.md: notes\.md/);
  // TootSweet's database is not for the browser, and the page says so.
  const sqlite = Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(84)]);
  await p.setInputFiles('input[data-pzl-open]', { name: 'Puzzles.data', mimeType: 'application/octet-stream', buffer: sqlite });
  await p.waitForFunction(() => /database/.test(document.querySelector('#message').textContent));
  assert.match(await message(p), /^Puzzles\.data: an SQLite database \(TootSweet's Puzzles\.data\?\): this build of pzl reads no databases\. The pzl command line and the Python package read TootSweet databases\.$/);
  // A damaged file keeps its place and what pzl read it as, without command-line advice.
  await p.setInputFiles('input[data-pzl-open]', { name: 'bad.ipuz', mimeType: 'application/json', buffer: Buffer.from('{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"], "dimensions": 3}') });
  await p.waitForFunction(() => document.querySelector('#message').textContent.startsWith('bad.ipuz'));
  assert.doesNotMatch(await message(p), /--/);
  // Status after a success is a status, above the board (where the player looks).
  await p.goto(base + '?p=' + encodeURIComponent(MASYU_10));
  await p.waitForSelector('[data-pzl-edge]');
  await p.click('[data-pzl-action="solve"]');
  assert.equal(await p.getAttribute('#message', 'role'), 'status');
  const [msg, board] = [await p.locator('#message').boundingBox(), await p.locator('[data-pzl-board]').boundingBox()];
  assert.ok(msg.y < board.y, 'the message is above the board');
  assert.ok(msg.y < 860, 'the message is in view');
  await p.context().close();
});

test('Phone: a shared link to a .puz opens; the crossword is typed through its input, checked and printed', async () => {
  // The link a friend sends: a .puz (written by pzl from the example ipuz) opened on a desktop
  // and shared with the Share button (the file travels in the link's fragment).
  const d = await page();
  await openFile(d, CROSSWORD, 'crossword');
  const puz = await d.evaluate(() => [...window.__pzlPlayer.p.write('puz')]);
  await d.setInputFiles('input[data-pzl-open]', { name: 'square-deal.puz', mimeType: 'application/octet-stream', buffer: Buffer.from(puz) });
  await d.waitForFunction(() => /square-deal\.puz — crossword \(puz\)/.test(document.querySelector('#title').textContent));
  await d.click('[data-pzl-action="share"]');
  await d.waitForSelector('[data-pzl-share-link]');
  const link = await d.inputValue('[data-pzl-share-link]');
  assert.match(link, /#f=square-deal\.puz:[A-Za-z0-9_-]+$/);
  await d.context().close();

  const p = await page(link.slice(base.length), PHONE);
  await p.waitForSelector('[data-pzl-board][data-kind="crossword"] [data-pzl-cell]');
  assert.match(await p.textContent('#title'), /^square-deal\.puz — crossword \(puz\)$/);
  const first = p.locator('[data-pzl-cell]').first();
  await first.tap();
  const input = await p.evaluate(() => {
    const a = document.activeElement;
    return a && { id: a.id, tag: a.tagName, inputmode: a.getAttribute('inputmode'), cap: a.getAttribute('autocapitalize'), auto: a.getAttribute('autocomplete'), label: a.getAttribute('aria-label') };
  });
  assert.deepEqual({ ...input, label: undefined }, { id: 'xw-input', tag: 'INPUT', inputmode: 'text', cap: 'characters', auto: 'off', label: undefined });
  assert.match(input.label, /^1 Across, letter 1 of \d+, empty$/);
  // The input sits on the cursor cell (so the page scrolls it into view above the keyboard).
  const [cell, box] = [await first.boundingBox(), await p.locator('#xw-input').boundingBox()];
  assert.ok(Math.abs(cell.x - box.x) < 2 && Math.abs(cell.y - box.y) < 2, JSON.stringify({ cell, box }));
  // A phone's keyboard sends text (no key events for letters). The answers come from the WASM
  // module: the test plays a person who knows them, typing every across word, tapping its start.
  const { width, words, letters } = await p.evaluate(() => {
    const pl = window.__pzlPlayer;
    const all = pl.x.cells.map((_, i) => i);
    return {
      width: pl.x.width,
      words: pl.x.clues.filter((c) => c.direction === 'across').map((c) => c.cells),
      letters: JSON.parse(pl.p.crossword_reveal(JSON.stringify(all))),
    };
  });
  const cellAt = (i) => p.locator(`[data-pzl-cell][data-row="${Math.floor(i / width)}"][data-col="${i % width}"]`);
  for (const [n, word] of words.entries()) {
    if (n > 0) await cellAt(word[0]).tap();
    assert.equal(await p.evaluate(() => window.__pzlPlayer.across), true);
    for (const i of word) await p.keyboard.insertText(letters[i].toLowerCase());
    // The letters show in their cells (after the corner number) and are kept by the player.
    for (const i of word) assert.equal((await cellAt(i).textContent()).replace(/^\d+/, ''), letters[i].toUpperCase());
    if (n === 0) {
      await p.click('[data-pzl-xw="check-word"]');
      assert.equal(await message(p), 'Right');
    }
  }
  const entries = await p.evaluate(() => window.__pzlPlayer.entries);
  assert.deepEqual(entries, letters.map((l) => l.toUpperCase()));
  await p.tap('[data-pzl-action="check"]');
  assert.equal(await status(p), 'solved', await message(p));
  assert.equal(await message(p), 'Correct: the grid is solved');
  assert.equal(await p.evaluate(() => document.documentElement.scrollWidth), 390, 'no sideways scrolling');
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.screenshot({ path: join(shots, 'phone-crossword.png') });

  // Print: the browser's print runs, and the print style shows the filled grid and every clue,
  // in black on white, without the page's controls.
  await p.evaluate(() => { window.printed = 0; window.addEventListener('beforeprint', () => { window.printed++; }); });
  await p.tap('[data-pzl-action="print"]');
  assert.equal(await p.evaluate(() => window.printed), 1, 'the browser printed');
  assert.notEqual(await p.getAttribute('#message', 'data-level'), 'error', await message(p));
  await p.emulateMedia({ media: 'print' });
  for (const hidden of ['header', '#actions', '#extra', '#message', '#xw-clue', '#xw-input']) {
    assert.equal(await p.locator(hidden).isVisible(), false, `${hidden} is not printed`);
  }
  assert.ok(await p.locator('table.xw').isVisible(), 'the grid is printed');
  for (const i of words.flat()) assert.equal((await cellAt(i).textContent()).replace(/^\d+/, ''), letters[i].toUpperCase());
  const look = await p.evaluate(() => {
    const td = document.querySelector('table.xw td.cur');
    const cs = getComputedStyle(td);
    return { bg: cs.backgroundColor, fg: cs.color, ring: getComputedStyle(document.querySelector('[data-pzl-board]')).boxShadow };
  });
  assert.deepEqual(look, { bg: 'rgb(255, 255, 255)', fg: 'rgb(0, 0, 0)', ring: 'none' }, 'the cursor and the solved ring are not printed');
  assert.deepEqual(await p.$$eval('#side h2', (hs) => hs.map((h) => h.textContent)), ['Across', 'Down']);
  assert.equal(await p.locator('#side li').count(), 10);
  assert.ok(await p.locator('#side li').last().isVisible(), 'every clue is printed');
  await p.screenshot({ path: join(scratch, 'phone-crossword-print.png') });
  await p.emulateMedia({ media: 'screen' });

  // Two fingers on the grid zoom the grid (and the input follows its cell).
  const box0 = await p.locator('table.xw').boundingBox();
  const centre = { x: box0.x + box0.width / 2, y: box0.y + box0.height / 2 };
  await (await touch(p)).pinch(centre, 20, 60);
  assert.ok(Number(await p.getAttribute('[data-pzl-board]', 'data-zoom')) > 1.5);
  assert.ok((await p.locator('table.xw').boundingBox()).width > box0.width * 1.5);
  const [cur, at] = [await p.locator('td.cur').boundingBox(), await p.locator('#xw-input').boundingBox()];
  assert.ok(Math.abs(cur.x - at.x) < 2 && Math.abs(cur.y - at.y) < 2, JSON.stringify({ cur, at }));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('Phone: a Masyu loop drawn with a finger solves the puzzle; two fingers zoom', async () => {
  const p = await page('?p=' + encodeURIComponent(LADYBUG), PHONE);
  await p.waitForSelector('[data-pzl-edge]');
  const loop = await masyuLoop(p);
  const path = [];
  for (const [r, c] of loop) path.push(await cellCentre(p, r, c));
  const finger = await touch(p);
  await finger.drag(path);
  assert.equal(await status(p), 'solved', await message(p));
  assert.equal(await p.locator('[data-pzl-edge][data-state="line"]').count(), loop.length - 1);
  // Pinch: the board grows, and Fit brings it back.
  const before = (await p.locator('svg.masyu').boundingBox()).width;
  const mid = await cellCentre(p, 1, 1);
  await finger.pinch(mid, 30, 90);
  const zoomed = (await p.locator('svg.masyu').boundingBox()).width;
  assert.ok(zoomed > before * 1.5, `${before} -> ${zoomed}`);
  assert.equal(await p.locator('[data-pzl-edge][data-state="line"]').count(), loop.length - 1, 'a pinch draws nothing');
  await p.click('[data-pzl-action="fit"]');
  assert.equal(Math.round((await p.locator('svg.masyu').boundingBox()).width), Math.round(before));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('Boards fit the window from 360 px wide, and zoom with the buttons', async () => {
  const big = corpus && join(corpus, 'masyu', 'puzzles', 'janko', '759_40x30.txt');
  if (!big || !existsSync(big)) console.log('skipped the 40×30 Masyu: the shared corpus is absent');
  const boards = [
    ['crossword', (p) => openFile(p, CROSSWORD, 'crossword')],
    ['poly', (p) => openFile(p, PENT_6X10, 'poly')],
    ['apad', (p) => p.goto(base + '?apad=weekday').then(() => p.waitForSelector('#apad-count[data-count]'))],
    ['masyu', (p) => p.goto(base + '?p=' + encodeURIComponent(MASYU_10)).then(() => p.waitForSelector('[data-pzl-edge]'))],
    ...(big && existsSync(big) ? [['masyu 40×30', (p) => openFile(p, big, 'masyu')]] : []),
  ];
  for (const width of [360, 1280]) {
    for (const [name, open] of boards) {
      const p = await page('', { viewport: { width, height: 740 } });
      await open(p);
      await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const sizes = await p.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        board: document.querySelector('[data-pzl-board] > :is(svg, table)').getBoundingClientRect().right,
      }));
      assert.ok(sizes.page <= width, `${name} at ${width} px: the page is ${sizes.page} px wide`);
      assert.ok(sizes.board <= width, `${name} at ${width} px: the board ends at ${sizes.board} px`);
      if (name === 'masyu 40×30' && width === 1280) {
        const box = await p.locator('svg.masyu').boundingBox();
        assert.ok(box.height <= 740, `the 40×30 board is ${box.height} px high`);
        const w0 = box.width;
        await p.click('[data-pzl-action="zoom-in"]');
        await p.click('[data-pzl-action="zoom-in"]');
        const w2 = (await p.locator('svg.masyu').boundingBox()).width;
        assert.ok(Math.abs(w2 / w0 - 1.5625) < 0.02, `${w0} -> ${w2}`);
        assert.ok(await p.evaluate(() => document.documentElement.scrollWidth) <= width, 'a zoomed board scrolls in its box');
        await p.click('[data-pzl-action="zoom-out"]');
        await p.click('[data-pzl-action="fit"]');
        assert.equal(Math.round((await p.locator('svg.masyu').boundingBox()).width), Math.round(w0));
        await p.evaluate(() => window.scrollTo(0, 0));
        await p.locator('main').screenshot({ path: join(scratch, 'masyu-40x30-fit.png') });
      }
      if (width === 360 && name === 'crossword') await p.screenshot({ path: join(scratch, 'narrow-crossword.png') });
      assert.deepEqual(p.errors, [], name);
      await p.context().close();
    }
  }
});

test('Keyboard only: Tab reaches the crossword; the live region says the clue and the cell as the cursor moves; Masyu by keys', async () => {
  const p = await page();
  await openFile(p, CROSSWORD, 'crossword');
  const clues = await p.evaluate(() => Object.fromEntries(window.__pzlPlayer.x.clues.map((c) => [`${c.number}${c.direction[0]}`, c.clue])));
  // From the top of the page, Tab by Tab, to the grid (no mouse from here on).
  await p.evaluate(() => document.activeElement?.blur());
  let tabs = 0;
  while (!(await p.evaluate(() => document.activeElement?.id === 'xw-input')) && tabs < 40) {
    await p.keyboard.press('Tab');
    tabs++;
  }
  assert.ok(tabs < 40, 'Tab reaches the grid');
  assert.ok(await p.evaluate(() => document.activeElement.matches(':focus-visible')), 'the keyboard focus shows');
  assert.equal(await p.getAttribute('#live', 'aria-live'), 'polite');
  const live = () => p.textContent('#live');
  const label = () => p.getAttribute('#xw-input', 'aria-label');
  // Entering a word: its clue, then the cell. Within it: the cell.
  assert.equal(await live(), `1 Across: ${clues['1a']}. Letter 1 of 5, empty`);
  assert.equal(await label(), '1 Across, letter 1 of 5, empty');
  assert.equal(await p.textContent('#xw-clue'), `1 Across: ${clues['1a']}`);
  await p.keyboard.type('Z');
  assert.equal(await live(), '1 Across, letter 2 of 5, empty');
  await p.keyboard.press('ArrowLeft');
  assert.equal(await live(), '1 Across, letter 1 of 5, Z');
  assert.equal(await label(), '1 Across, letter 1 of 5, Z');
  await p.keyboard.press('ArrowDown'); // turns to the down word
  assert.equal(await live(), `1 Down: ${clues['1d']}. Letter 1 of 5, Z`);
  assert.match(await p.textContent('#xw-clue'), /^1 Down: /);
  await p.keyboard.press('ArrowDown');
  assert.equal(await live(), '1 Down, letter 2 of 5, empty');
  await p.keyboard.press('Tab'); // the next clue
  assert.equal(await live(), `2 Down: ${clues['2d']}. Letter 1 of 5, empty`);
  await p.keyboard.press('Shift+Tab');
  assert.equal(await live(), `1 Down: ${clues['1d']}. Letter 2 of 5, empty`);
  await p.keyboard.press('ArrowRight'); // turns back across, in row 2: 6 Across
  assert.equal(await live(), `6 Across: ${clues['6a']}. Letter 1 of 5, empty`);
  assert.ok(await p.evaluate(() => document.activeElement.id === 'xw-input'), 'the focus stays in the grid');
  // Clue lists are lists with headings.
  assert.deepEqual(await p.$$eval('#side h2', (hs) => hs.map((h) => h.textContent)), ['Across', 'Down']);
  assert.ok((await p.locator('#side ol[aria-labelledby] > li').count()) > 4);
  // Tab past the last clue leaves the grid (no keyboard trap), Shift+Tab comes back.
  for (let k = 0; k < 12 && await p.evaluate(() => document.activeElement.id === 'xw-input'); k++) await p.keyboard.press('Tab');
  assert.equal(await p.evaluate(() => document.activeElement.id === 'xw-input'), false, 'Tab leaves the grid after the last clue');
  await p.keyboard.press('Shift+Tab');
  assert.equal(await p.evaluate(() => document.activeElement.id), 'xw-input');

  await p.goto(base + '?p=' + encodeURIComponent(MASYU_10));
  await p.waitForSelector('[data-pzl-edge]');
  await p.focus('svg.masyu');
  assert.ok(await p.evaluate(() => document.activeElement.matches('svg.masyu:focus-visible')));
  await p.keyboard.press('Shift+ArrowRight');
  assert.equal(await p.getAttribute('[data-pzl-edge="0"]', 'data-state'), 'line');
  assert.equal(await p.getAttribute('[data-pzl-edge="0"]', 'aria-label'), 'line between row 1 column 1 and row 1 column 2');
  assert.match(await p.textContent('#live'), /^Row 1, column 2, .*line left/);
  await p.keyboard.press('Alt+ArrowDown');
  assert.match(await p.textContent('#live'), /crossed down/);
  assert.equal(await p.getAttribute('rect.cell[data-row="0"][data-col="0"]', 'aria-label'), 'row 1, column 1');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('Dark mode follows the system and the switch, which is remembered', async () => {
  const p = await page('?p=' + encodeURIComponent(MASYU_10), { ...DESKTOP, colorScheme: 'dark' });
  await p.waitForSelector('[data-pzl-edge]');
  const bg = () => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(await bg(), 'rgb(21, 24, 28)');
  assert.equal(await p.getAttribute('[data-pzl-action="theme"]', 'aria-pressed'), 'true');
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.locator('main').screenshot({ path: join(shots, 'masyu-dark.png') });
  await p.click('[data-pzl-action="theme"]');
  assert.equal(await bg(), 'rgb(250, 250, 250)');
  await p.reload();
  await p.waitForSelector('[data-pzl-edge]');
  assert.equal(await bg(), 'rgb(250, 250, 250)', 'the choice is remembered');
  assert.equal(await p.getAttribute('[data-pzl-action="theme"]', 'aria-pressed'), 'false');
  await p.click('[data-pzl-action="theme"]');
  assert.equal(await bg(), 'rgb(21, 24, 28)');
  await p.context().close();
});

test('Dark mode: the packing and A-Puzzle-A-Day pictures take the theme\'s colours, and print light', async () => {
  const DARK = { panel: 'rgb(31, 35, 40)', empty: 'rgb(58, 65, 74)', fg: 'rgb(232, 232, 232)', cell: 'rgb(38, 43, 49)' };
  const LIGHT = { panel: 'rgb(255, 255, 255)', empty: 'rgb(221, 221, 221)', fg: 'rgb(0, 0, 0)', cell: 'rgb(255, 255, 255)' };
  // pzl's SVG: its background, an empty square of the board, the title.
  const poly = (p) => p.evaluate(() => {
    const svg = document.querySelector('[data-pzl-board] > svg');
    return {
      panel: getComputedStyle(svg).backgroundColor,
      empty: getComputedStyle(svg.querySelector('rect[fill="#dddddd"]')).fill,
      fg: getComputedStyle(svg.querySelector('text')).fill,
      // A piece's letter, on the piece's pale colour.
      letter: getComputedStyle(svg.querySelector('text[text-anchor="middle"]')).fill,
    };
  });
  const p = await page('', { ...DESKTOP, colorScheme: 'dark' });
  await openFile(p, PENT_6X10, 'poly');
  assert.deepEqual(await poly(p), { panel: DARK.panel, empty: DARK.empty, fg: DARK.fg, letter: 'rgb(0, 0, 0)' });
  // A pixel of the picture, as the screen shows it: an empty square is dark, not white.
  const square = await p.locator('[data-pzl-board] svg rect[fill="#dddddd"]').first().boundingBox();
  const png = await p.screenshot({ clip: { x: square.x + square.width / 2, y: square.y + square.height / 2, width: 1, height: 1 } });
  const pixel = await p.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = new OffscreenCanvas(1, 1).getContext('2d');
    c.drawImage(img, 0, 0);
    return [...c.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  }, png.toString('base64'));
  assert.ok(Math.max(...pixel) < 100, `an empty square is drawn rgb(${pixel})`);
  await p.locator('main').screenshot({ path: join(scratch, 'poly-dark.png') });
  await p.emulateMedia({ media: 'print' });
  assert.deepEqual(await poly(p), { panel: LIGHT.panel, empty: LIGHT.empty, fg: LIGHT.fg, letter: 'rgb(0, 0, 0)' }, 'printed light');
  await p.emulateMedia({ media: 'screen' });
  // A-Puzzle-A-Day's board: the holes (the date) and the piece shown by a hint.
  await p.goto(base + '?apad=classic');
  await p.waitForSelector('#apad-count[data-count]');
  const apad = () => p.evaluate(() => {
    const hole = getComputedStyle(document.querySelector('table.apad td.hole'));
    return { cell: hole.backgroundColor, fg: hole.color };
  });
  assert.deepEqual(await apad(), { cell: DARK.cell, fg: DARK.fg });
  await p.click('[data-pzl-action="hint"]');
  assert.equal(await p.evaluate(() => getComputedStyle(document.querySelector('table.apad td.other')).backgroundColor), DARK.empty);
  await p.locator('main').screenshot({ path: join(scratch, 'apad-dark.png') });
  await p.emulateMedia({ media: 'print' });
  assert.deepEqual(await apad(), { cell: LIGHT.cell, fg: LIGHT.fg }, 'printed light');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

/**
 * A barred JPZ (Crossword Compiler XML) written here: a bar after row 1's second cell, a shaded
 * cell, a void (outside the shape), clue numbers of the file's own (letters, not the standard
 * numbers), enumerations and an italic run in a clue.
 *     C A | T S        a: CA (2)  b: TS (2)  c: AREA (1,3)  d: BEE (3)
 *     A R  E* A        e: CAB  f: ARE  g: TEE  h: SA        (* shaded #ffcc00)
 *     B E  E  ·        (· void)
 */
function barredJpz() {
  const rows = ['CATS', 'AREA', 'BEE.'];
  const cells = rows.flatMap((row, y) => [...row].map((ch, x) => {
    const at = `x="${x + 1}" y="${y + 1}"`;
    if (ch === '.') return `<cell ${at} type="void"/>`;
    const extra = (x === 1 && y === 0 ? ' right-bar="true"' : '') + (x === 2 && y === 1 ? ' background-color="#FFCC00"' : '')
      + (x === 3 && y === 0 ? ' top-right-number="L1" bottom-right-number="z"' : '');
    return `<cell ${at} solution="${ch}"${extra}/>`;
  }));
  const words = [
    ['a', [[1, 1], [2, 1]], '<i>Approx</i>imately', '2'], ['b', [[3, 1], [4, 1]], 'Tiny amount', '2'],
    ['c', [[1, 2], [2, 2], [3, 2], [4, 2]], 'Region', '1,3'], ['d', [[1, 3], [2, 3], [3, 3]], 'Buzzing insect', '3'],
    ['e', [[1, 1], [1, 2], [1, 3]], 'Taxi', ''], ['f', [[2, 1], [2, 2], [2, 3]], 'Exist', ''],
    ['g', [[3, 1], [3, 2], [3, 3]], 'Golf peg', ''], ['h', [[4, 1], [4, 2]], 'Gentle look', ''],
  ];
  const word = ([id, at]) => `<word id="${id}">${at.map(([x, y]) => `<cells x="${x}" y="${y}"/>`).join('')}</word>`;
  const clue = ([id, , text, format]) => `<clue word="${id}" number="${id}"${format ? ` format="${format}"` : ''}>${text}</clue>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<crossword-compiler xmlns="http://crossword.info/xml/crossword-compiler">
<rectangular-puzzle xmlns="http://crossword.info/xml/rectangular-puzzle" alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ">
<metadata><title>Barred</title><creator>pzl tests</creator></metadata>
<crossword>
<grid width="4" height="3"><grid-look numbering-scheme="normal"/>
${cells.join('\n')}
</grid>
${words.map(word).join('\n')}
<clues ordering="normal"><title><b>Across</b></title>${words.slice(0, 4).map(clue).join('')}</clues>
<clues ordering="normal"><title><b>Down</b></title>${words.slice(4).map(clue).join('')}</clues>
</crossword>
</rectangular-puzzle>
</crossword-compiler>
`;
}

test('Crossword: a barred JPZ shows its bars, shaded and void cells, its own labels, enumerations and markup', async () => {
  const p = await page();
  await p.setInputFiles('input[data-pzl-open]', { name: 'barred.xml', mimeType: 'application/xml', buffer: Buffer.from(barredJpz()) });
  await p.waitForSelector('[data-pzl-board][data-kind="crossword"] [data-pzl-cell]');
  assert.match(await p.textContent('#title'), /^barred\.xml — crossword \(jpz/);
  const td = (r, c) => p.locator(`table.xw tr:nth-child(${r + 1}) td:nth-child(${c + 1})`);
  // The bar: between A and T, drawn on both cells' sides, thick.
  assert.match(await td(0, 1).getAttribute('class'), /\bbar-right\b/);
  assert.match(await td(0, 2).getAttribute('class'), /\bbar-left\b/);
  assert.equal(await td(0, 1).evaluate((e) => getComputedStyle(e).borderRightWidth), '3px');
  // The shaded cell, in its colour (where the cursor and the word are not).
  assert.equal(await td(1, 2).evaluate((e) => e.style.getPropertyValue('--shade')), '#ffcc00');
  assert.equal(await td(1, 2).evaluate((e) => getComputedStyle(e).backgroundColor), 'rgb(255, 204, 0)');
  // The void: no cell to play, drawn as the page's background.
  assert.equal(await td(2, 3).getAttribute('class'), 'void');
  assert.equal(await td(2, 3).getAttribute('data-pzl-cell'), null);
  assert.equal(await p.locator('[data-pzl-cell]').count(), 11);
  // The file's own labels in the cells and the clue lists, enumerations after the clue.
  const corners = await p.$$eval('table.xw td[data-n]', (s) => s.map((x) => x.dataset.n));
  assert.deepEqual(corners, ['a', 'f', 'b', 'h', 'c', 'd']);
  // The file's labels at a cell's other corners, each where the file puts it.
  const marks = await td(0, 3).evaluate((e) => [...e.querySelectorAll('.mark')].map((m) => [m.className, m.textContent]));
  assert.deepEqual(marks, [['mark top-right', 'L1'], ['mark bottom-right', 'z']]);
  assert.equal(await td(0, 3).locator('.mark.top-right').evaluate((m) => getComputedStyle(m).position), 'absolute');
  assert.deepEqual(await p.$$eval('#side h2', (hs) => hs.map((h) => h.textContent)), ['Across', 'Down']);
  const listed = await p.$$eval('#side li', (lis) => lis.map((li) => li.textContent));
  assert.deepEqual(listed, ['aApproximately (2)', 'bTiny amount (2)', 'cRegion (1,3)', 'dBuzzing insect (3)',
    'eTaxi', 'fExist', 'gGolf peg', 'hGentle look']);
  // The clue's markup, as the file gives it: an italic run.
  assert.equal(await p.$eval('#side li:first-child i', (i) => i.textContent), 'Approx');
  // The words follow the bar: a is two letters, and Tab goes a → b.
  await td(0, 0).click();
  assert.equal(await p.getAttribute('#xw-input', 'aria-label'), 'a Across, letter 1 of 2, empty');
  assert.equal(await p.textContent('#xw-clue'), 'a Across: Approximately (2)');
  await p.keyboard.type('CA');
  assert.equal(await p.getAttribute('#xw-input', 'aria-label'), 'a Across, letter 2 of 2, A', 'the bar ends the word');
  await p.keyboard.press('Tab');
  assert.equal(await p.textContent('#live'), 'b Across: Tiny amount (2). Letter 1 of 2, empty');
  await p.locator('main').screenshot({ path: join(scratch, 'crossword-barred.png') });
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('axe-core finds no serious or critical violation on any player (light and dark)', async () => {
  const players = [
    ['start page', (p) => p.goto(base)],
    ['masyu', async (p) => {
      // Played a little: a line, a failed check (its cells highlighted), a hint.
      await p.goto(base + '?p=' + encodeURIComponent(MASYU_10));
      await p.waitForSelector('[data-pzl-edge]');
      await p.click('[data-pzl-edge="0"]');
      await p.click('[data-pzl-action="check"]');
      await p.click('[data-pzl-action="hint"]');
    }],
    ['crossword', async (p) => {
      // Played a little: letters in the word and under the cursor, a failed check (wrong cells).
      await openFile(p, CROSSWORD, 'crossword');
      await p.locator('[data-pzl-cell]').first().click();
      await p.keyboard.type('QZX');
      await p.click('[data-pzl-action="check"]');
      await p.locator('[data-pzl-cell]').first().click();
    }],
    ['packing', async (p) => {
      await openFile(p, PENT_6X10, 'poly');
      await p.click('[data-pzl-action="solve"]');
      await p.waitForSelector('#poly-count[data-count]', { timeout: 60_000 });
    }],
    ['apad', async (p) => {
      await p.goto(base + '?apad=classic');
      await p.waitForSelector('#apad-count[data-count]');
      await p.click('[data-pzl-action="hint"]');
    }],
  ];
  const found = [];
  for (const colorScheme of ['light', 'dark']) {
    for (const [name, open] of players) {
      const p = await page('', { ...DESKTOP, colorScheme });
      await open(p);
      await p.waitForSelector('body[data-ready="1"]');
      for (const v of await audit(p)) found.push(`${name} (${colorScheme}): ${v}`);
      await p.context().close();
    }
  }
  assert.deepEqual(found, []);
});
