// End-to-end tests of the built page (dist/) in real Chromium (Debian's package, driven by
// playwright-core), served on localhost. Screenshots and timings.json go to target/screenshots/
// (the repository's target folder), so a test run changes no tracked file;
// PZL_UPDATE_SCREENSHOTS=1 writes them to screenshots/ instead, to update the README's pictures.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../scripts/chromium.mjs';
import { serve } from '../serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const web = join(here, '..');
const dist = join(web, 'dist');
const shots = process.env.PZL_UPDATE_SCREENSHOTS
  ? join(web, 'screenshots')
  : join(web, '..', 'target', 'screenshots');
const corpus = process.env.PZL_CORPUS || join(web, '..', '..', 'shared', 'corpus');
const corpusAlt = join(web, '..', '..', '..', 'shared', 'corpus');
const CORPUS = existsSync(corpus) ? corpus : corpusAlt;
const file = (p) => join(CORPUS, p);
const timings = {};

let server, browser, base;

before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'run `npm run build` first');
  mkdirSync(shots, { recursive: true });
  server = await serve(dist);
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await launchChromium();
});

after(async () => {
  const wasm = readFileSync(join(dist, 'pzl_wasm_bg.wasm'));
  timings.wasm_bytes = wasm.length;
  timings.wasm_gzip_bytes = gzipSync(wasm, { level: 9 }).length;
  console.log('timings', JSON.stringify(timings, null, 1));
  writeFileSync(join(shots, 'timings.json'), JSON.stringify(timings, null, 1) + '\n');
  await browser?.close();
  server?.close();
});

async function page(query = '') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const p = await context.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  const t0 = Date.now();
  await p.goto(base + query);
  await p.waitForSelector('body[data-ready="1"]', { timeout: 10_000 });
  p.readyMs = Date.now() - t0;
  p.errors = errors;
  return p;
}

/** A screenshot of the page's main area, for the README. */
async function shot(p, name) {
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.locator('main').screenshot({ path: join(shots, name) });
}

const status = (p) => p.getAttribute('[data-pzl-board]', 'data-status');
const kind = (p) => p.getAttribute('[data-pzl-board]', 'data-kind');

test('the page is interactive within 1 s and the WASM module is under 2 MB gzipped', async () => {
  // performance.now() when the page became interactive: from navigation start to the WASM
  // module initialised and every handler attached (each load in a fresh context, nothing
  // cached); the median of three, as the machine is shared.
  const loads = [];
  let p;
  for (let k = 0; k < 3; k++) {
    await p?.context().close();
    p = await page();
    loads.push({ ready: Number(await p.getAttribute('body', 'data-ready-ms')), seen: p.readyMs });
  }
  loads.sort((a, b) => a.ready - b.ready);
  const ready = loads[1].ready;
  timings.interactive_ms = ready;
  timings.interactive_ms_seen_by_test = loads[1].seen;
  assert.ok(ready < 1000, `interactive after ${ready} ms`);
  const gz = gzipSync(readFileSync(join(dist, 'pzl_wasm_bg.wasm')), { level: 9 }).length;
  assert.ok(gz < 2 * 1024 * 1024, `${gz} bytes gzipped`);
  await p.context().close();
});

test('the page works offline once loaded (service worker)', async () => {
  const p = await page();
  await p.evaluate(() => navigator.serviceWorker.ready);
  await p.reload();
  await p.waitForSelector('body[data-ready="1"]');
  await p.evaluate(() => new Promise((r) => (navigator.serviceWorker.controller ? r() : navigator.serviceWorker.addEventListener('controllerchange', r))));
  await p.context().setOffline(true);
  await p.goto(base + '?p=' + encodeURIComponent('https://puzz.link/p?mashu/10/10/0i00me030932110099033ij09107di0000'));
  await p.waitForSelector('[data-pzl-board][data-kind="masyu"] [data-pzl-edge]', { timeout: 10_000 });
  await p.click('[data-pzl-action="solve"]');
  assert.equal(await status(p), 'solved');
  await p.context().close();
});

test('Masyu: open a file and play it to the end with hints only', async () => {
  const p = await page();
  await p.setInputFiles('input[data-pzl-open]', file('masyu/puzzles/fixtures/flar-KrazyDad-8x8-Easy-1-1-1.txt'));
  await p.waitForSelector('[data-pzl-board][data-kind="masyu"] [data-pzl-edge]');
  assert.equal(await p.locator('[data-pzl-edge]').count(), 2 * 8 * 7);
  let hints = 0;
  while ((await status(p)) !== 'solved' && hints < 300) {
    await p.click('[data-pzl-action="hint"]');
    hints++;
  }
  assert.equal(await status(p), 'solved', `after ${hints} hints: ${await p.textContent('#message')}`);
  assert.ok((await p.locator('[data-pzl-edge][data-state="line"]').count()) > 0);
  timings.masyu_hints_to_solve = hints;
  await shot(p, 'masyu.png');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('Masyu: draw with the mouse, check names the rule and cells, a wrong line is hinted, undo', async () => {
  const p = await page('?p=' + encodeURIComponent('https://puzz.link/p?mashu/10/10/0i00me030932110099033ij09107di0000'));
  await p.waitForSelector('[data-pzl-edge]');
  await p.click('[data-pzl-edge="0"]');
  assert.equal(await p.getAttribute('[data-pzl-edge="0"]', 'data-state'), 'line');
  await p.click('[data-pzl-action="check"]');
  assert.equal(await status(p), 'wrong');
  assert.match(await p.textContent('#message'), /^\[[a-z-]+\] /);
  assert.ok((await p.locator('.cell.bad').count()) > 0);
  await p.click('[data-pzl-edge="0"]', { button: 'right' });
  assert.equal(await p.getAttribute('[data-pzl-edge="0"]', 'data-state'), 'cross');
  await p.keyboard.press('Control+z');
  assert.equal(await p.getAttribute('[data-pzl-edge="0"]', 'data-state'), 'line');
  await p.click('[data-pzl-action="reset"]');
  assert.equal(await p.locator('[data-pzl-edge][data-state="line"]').count(), 0);
  // Keyboard: Shift+arrow draws from the cursor.
  await p.keyboard.press('Shift+ArrowRight');
  assert.equal(await p.getAttribute('[data-pzl-edge="0"]', 'data-state'), 'line');
  await p.click('[data-pzl-action="hint"]');
  const msg = await p.textContent('#message');
  assert.ok(/^(Wrong|Hint)/.test(msg), msg);
  await p.context().close();
});

test('Masyu: a file dropped on the page opens (drag and drop)', async () => {
  const p = await page();
  await p.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'ladybug.tootsweet'));
    document.querySelector('#drop').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, '4:4:AgAQAA\n');
  await p.waitForSelector('[data-pzl-board][data-kind="masyu"] [data-pzl-edge]');
  assert.equal(await p.locator('[data-pzl-edge]').count(), 24);
  assert.match(await p.textContent('#title'), /ladybug\.tootsweet — masyu \(tootsweet\)/);
  await p.context().close();
});

test('Masyu: solve and replay, with solve times measured in the browser', async () => {
  const p = await page('?p=' + encodeURIComponent('https://puzz.link/p?mashu/10/10/130010i6j009960933092093203019200i'));
  await p.waitForSelector('[data-pzl-edge]');
  await p.click('[data-pzl-action="solve"]');
  assert.equal(await status(p), 'solved');
  await p.click('[data-pzl-action="reset"]');
  assert.equal(await status(p), 'unsolved');
  await p.click('[data-pzl-action="replay"]');
  await p.waitForSelector('#replay:not([hidden])');
  await p.fill('#speed', '200');
  await p.click('[data-replay="play"]'); // pause
  await p.click('[data-replay="forward"]');
  const pos = Number(await p.getAttribute('#replay-pos', 'data-pos'));
  await p.click('[data-replay="back"]');
  assert.equal(Number(await p.getAttribute('#replay-pos', 'data-pos')), pos - 1);
  await p.click('[data-replay="play"]');
  await p.waitForFunction(() => {
    const t = document.querySelector('#replay-pos')?.textContent ?? '';
    const m = t.match(/step (\d+) \/ (\d+)/);
    return m && m[1] === m[2];
  }, null, { timeout: 60_000 });
  assert.equal(await status(p), 'solved');
  await shot(p, 'masyu-replay.png');

  // Solve times: the median of several solves, timed with performance.now() in the page.
  const measure = async (text, runs) => p.evaluate(([text, runs]) => {
    const puzzle = window.pzl.open_text(text);
    const times = [];
    let outcome = '';
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      outcome = JSON.parse(puzzle.solve('{}')).report.outcome;
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)], min: times[0], outcome };
  }, [text, runs]);
  const ten = await measure('https://puzz.link/p?mashu/10/10/130010i6j009960933092093203019200i', 21);
  timings.masyu_10x10_solve_ms = ten;
  const big = readFileSync(file('masyu/puzzles/janko/759_40x30.txt'), 'utf8');
  timings.masyu_40x30_solve_ms = await measure(big, 3);
  const biggest = readFileSync(file('masyu/puzzles/janko/760_58x40.txt'), 'utf8');
  timings.masyu_58x40_solve_ms = await measure(biggest, 1);
  assert.equal(ten.outcome, 'solved');
  assert.ok(ten.median < 5, `10x10 solved in ${ten.median} ms`);
  await p.context().close();
});

test('Crossword: open a .puz, fill it by typing, check it', async () => {
  const p = await page();
  await p.setInputFiles('input[data-pzl-open]', file('puz/puzpy/av110622.puz'));
  await p.waitForSelector('[data-pzl-board][data-kind="crossword"] [data-pzl-cell]');
  // The answers come from the WASM module: the test plays a person who knows them.
  const cells = await p.$$eval('[data-pzl-cell]', (tds) => tds.map((td) => [Number(td.dataset.row), Number(td.dataset.col)]));
  const width = await p.$$eval('table.xw tr:first-child td', (tds) => tds.length);
  const solution = JSON.parse(await p.evaluate(([idx]) => window.__pzlPlayer.p.crossword_reveal(JSON.stringify(idx)),
    [cells.map(([r, c]) => r * width + c)]));
  // A wrong letter first: check says wrong.
  await p.click(`[data-pzl-cell][data-row="${cells[0][0]}"][data-col="${cells[0][1]}"]`);
  await p.keyboard.type(solution[0] === 'Q' ? 'Z' : 'Q');
  await p.click('[data-pzl-action="check"]');
  assert.equal(await status(p), 'wrong');
  for (let k = 0; k < cells.length; k++) {
    const [r, c] = cells[k];
    const sel = `[data-pzl-cell][data-row="${r}"][data-col="${c}"]`;
    await p.click(sel);
    if (solution[k].length > 1) continue;
    await p.keyboard.type(solution[k]);
  }
  const first = `[data-pzl-cell][data-row="${cells[0][0]}"][data-col="${cells[0][1]}"]`;
  assert.equal((await p.textContent(first)).replace(/^\d+/, ''), solution[0]);
  await p.click('[data-pzl-action="check"]');
  assert.equal(await status(p), 'solved', await p.textContent('#message'));
  await shot(p, 'crossword.png');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('Crossword: a locked puzzle is checked through its scrambled checksum and unlocks with its key', async () => {
  const p = await page();
  const path = file('puz/puzpy/nyt_locked.puz');
  await p.setInputFiles('input[data-pzl-open]', path);
  await p.waitForSelector('[data-pzl-board][data-kind="crossword"] [data-pzl-cell]');
  await p.click('[data-pzl-action="check"]');
  assert.equal(await status(p), 'wrong');
  // The answers, from a second copy unlocked with the key (the player here knows them).
  const bytes = [...readFileSync(path)];
  const answers = await p.evaluate((bytes) => {
    const copy = window.pzl.open(new Uint8Array(bytes), 'copy.puz', '');
    copy.crossword_unlock('7844');
    const x = JSON.parse(copy.crossword());
    const cells = x.cells.map((c, i) => (c.block ? -1 : i)).filter((i) => i >= 0);
    return { cells, letters: JSON.parse(copy.crossword_reveal(JSON.stringify(cells))), width: x.width };
  }, bytes);
  for (let k = 0; k < answers.cells.length; k++) {
    const i = answers.cells[k];
    await p.click(`[data-pzl-cell][data-row="${Math.floor(i / answers.width)}"][data-col="${i % answers.width}"]`);
    await p.keyboard.type(answers.letters[k].slice(0, 1));
  }
  await p.click('[data-pzl-action="check"]');
  assert.equal(await status(p), 'solved', await p.textContent('#message'));
  assert.match(await p.textContent('#message'), /scrambled checksum/);
  p.once('dialog', (d) => d.accept('7844'));
  await p.click('[data-pzl-xw="unlock"]');
  await p.waitForSelector('[data-pzl-xw="reveal-all"]');
  assert.equal(await p.textContent('#message'), 'Unlocked');
  await p.context().close();
});

test('Crossword: a diagramless puzzle hides its blocks; the player places them with `.`', async () => {
  const p = await page();
  await p.setInputFiles('input[data-pzl-open]', file('puz/puzpy/diagramless.puz'));
  await p.waitForSelector('[data-pzl-board][data-kind="crossword"] [data-pzl-cell]');
  assert.equal(await p.locator('table.xw td.block').count(), 0);
  await p.click('[data-pzl-cell][data-row="0"][data-col="0"]');
  await p.keyboard.press('.');
  assert.equal(await p.locator('table.xw td.placed-block').count(), 1);
  await p.click('[data-pzl-action="solve"]');
  assert.equal(await status(p), 'solved', await p.textContent('#message'));
  await p.context().close();
});

test('Crossword: a ?p= link (Across Lite text) opens, Tab moves to the next clue', async () => {
  const text = readFileSync(file('puz/puzpy/diagramless.txt'), 'utf8');
  const p = await page('?p=' + encodeURIComponent(text));
  await p.waitForSelector('[data-pzl-board][data-kind="crossword"] [data-pzl-cell]');
  // In the grid (outside it, Tab moves the focus as anywhere else).
  await p.locator('[data-pzl-cell]').first().click();
  const before = await p.textContent('#side li.cur');
  await p.keyboard.press('Tab');
  assert.notEqual(await p.textContent('#side li.cur'), before);
  await p.context().close();
});

test('A-Puzzle-A-Day: the date picker counts and steps through solutions; an .apad file opens', async () => {
  const p = await page('?apad=classic');
  await p.waitForSelector('[data-pzl-board][data-kind="apad"]');
  await p.fill('#apad-date', '2026-04-06');
  await p.click('#apad-form button:not([type])');
  await p.waitForSelector('#apad-count[data-count]');
  const count = Number(await p.getAttribute('#apad-count', 'data-count'));
  assert.ok(count > 0, `count ${count}`);
  timings.apad_classic_04_06 = { solutions: count, ms: await p.evaluate(() => window.pzlLastSolveMs) };
  await p.click('[data-apad="next"]');
  assert.match(await p.textContent('#apad-count'), /^solution 2 of/);
  assert.equal(await status(p), 'solved');
  await shot(p, 'apad.png');
  await p.setInputFiles('input[data-pzl-open]', file('apad/solutions.apad'));
  await p.waitForSelector('[data-pzl-board][data-kind="apad"] svg');
  assert.match(await p.textContent('#title'), /apad/);
  // Its first board as apad text, shared as a ?p= link.
  const text = await p.evaluate(() => new TextDecoder().decode(window.__pzlPlayer.p.write('apad-text')));
  const firstBoard = text.slice(0, text.indexOf('\nboard 2'));
  const q = await page('?p=' + encodeURIComponent(firstBoard));
  await q.waitForSelector('[data-pzl-board][data-kind="apad"] svg');
  assert.match(await q.textContent('#title'), /apad-text/);
  // A hint: where piece 3 goes, on the date picker.
  await q.fill('#apad-date', '2026-10-06');
  await q.click('#apad-form button:not([type])');
  await q.waitForSelector('#apad-count[data-count="7"]');
  await q.selectOption('#apad-piece', { value: '2' });
  await q.click('[data-pzl-action="hint"]');
  assert.match(await q.textContent('#message'), /^Piece 3 goes here/);
  await q.context().close();
  await p.context().close();
});

const PENTOMINOES = {
  F: ['.##', '##.', '.#.'], I: ['#####'], L: ['####', '#...'], N: ['##..', '.###'], P: ['##', '##', '#.'],
  T: ['###', '.#.', '.#.'], U: ['#.#', '###'], V: ['#..', '#..', '###'], W: ['#..', '##.', '.##'],
  X: ['.#.', '###', '.#.'], Y: ['####', '.#..'], Z: ['##.', '.#.', '.##'],
};
const PACK = ['pzl-pack 1', 'title Pentominoes on 3 x 20', 'flips yes', '', 'board', ...Array(3).fill('#'.repeat(20)), '',
  ...Object.entries(PENTOMINOES).flatMap(([name, rows]) => [`piece ${name}`, ...rows, ''])].join('\n');

test('Packing: a pzl-pack file opens and solves (distinct solutions, stepping); MacPoly and ?p= open', async () => {
  const p = await page();
  await p.setInputFiles('input[data-pzl-open]', { name: 'pent-3x20.pack', mimeType: 'text/plain', buffer: Buffer.from(PACK) });
  await p.waitForSelector('[data-pzl-board][data-kind="poly"]');
  await p.click('[data-pzl-action="solve"]');
  await p.waitForSelector('#poly-count[data-count]', { timeout: 60_000 });
  assert.equal(Number(await p.getAttribute('#poly-count', 'data-count')), 2, await p.textContent('#message'));
  assert.equal(await status(p), 'solved');
  await p.click('[data-poly="next"]');
  assert.match(await p.textContent('#poly-count'), /^solution 2 of 2/);
  timings.poly_pent_3x20_distinct_ms = await p.evaluate(() => window.pzlLastSolveMs);
  await shot(p, 'poly.png');
  // MacPoly's figure 3 as printed (a misprint: no solution), from the file picker.
  await p.setInputFiles('input[data-pzl-open]', file('poly/macpoly/fig3-6x6-square.puz.txt'));
  await p.waitForSelector('[data-pzl-board][data-kind="poly"] svg');
  await p.click('[data-pzl-action="solve"]');
  assert.match(await p.textContent('#message'), /no-solution/);
  const q = await page('?p=' + encodeURIComponent(PACK));
  await q.waitForSelector('[data-pzl-board][data-kind="poly"]');
  assert.deepEqual(q.errors, []);
  await p.context().close();
  await q.context().close();
});
