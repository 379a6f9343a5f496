// The pzl web app: opening files and links, and one player per kind. Every format and rule is the
// WebAssembly module's (the pzl Rust crates); this file only draws and routes clicks.
import init, { open, open_member, open_text, apad_solve, formats, Puzzle } from './pkg/pzl_wasm.js';
import { MasyuPlayer } from './masyu';
import { CrosswordPlayer } from './crossword';
import { ApadPlayer } from './apad';
import { PolyPlayer } from './poly';
import { pageError } from './messages';
import { applyZoom, initTheme, initView, resetZoom, toggleTheme, zoomBy } from './view';
import { listMembers, backToList } from './archive';
import { remember, openShared, wireShare } from './share';
import { registerWorker } from './update';

export interface Player {
  check?(): void;
  hint?(): void;
  solve?(): void;
  replay?(): void;
  reset?(): void;
  undo?(): void;
  redo?(): void;
  print?(): void;
  key?(e: KeyboardEvent): void;
}

/** Actions on the view, not the puzzle: offered whenever a board is shown. */
const VIEW_ACTIONS: Record<string, () => void> = {
  print: () => (player?.print ? player.print() : window.print()),
  'zoom-in': () => zoomBy(1.25),
  'zoom-out': () => zoomBy(0.8),
  fit: () => resetZoom(),
};

// The players find their elements through `$` in the current scope: the page, or the shadow root
// of the <pzl-puzzle> element being used (src/component.ts).
let scope: Document | ShadowRoot = document;
export function useScope(root: Document | ShadowRoot) { scope = root; }
/** The scope the players work in now. */
export const currentScope = () => scope;
export const $ = <T extends HTMLElement = HTMLElement>(sel: string) => scope.querySelector(sel) as T;
export const board = () => $('#board');
/** A status message, next to the board (read out politely). */
export function say(text: string) {
  const m = $('#message');
  m.setAttribute('role', 'status');
  delete m.dataset.level;
  m.textContent = text;
}
/** An error, in the page's words (read out at once), about the file `name` when given. */
export function sayError(e: unknown, name = '') {
  const m = $('#message');
  m.setAttribute('role', 'alert');
  m.dataset.level = 'error';
  m.textContent = pageError(e, name);
}
export function setStatus(s: 'unsolved' | 'solved' | 'wrong') { board().dataset.status = s; }

let player: Player | null = null;

function start(p: Puzzle, label: string): Puzzle {
  const kind = p.kind();
  document.querySelector('#intro')?.remove();
  const b = board();
  b.innerHTML = '';
  b.dataset.kind = kind;
  setStatus('unsolved');
  $('#side').innerHTML = '';
  $('#extra').innerHTML = '';
  $('[data-pzl-action="print"]').removeAttribute('data-pzl-xw');
  $('#replay').hidden = true;
  $('#actions').hidden = false;
  $('#title').textContent = `${label} — ${kind} (${p.format()})`;
  say('');
  for (const btn of playerButtons()) btn.disabled = false;
  if (kind === 'masyu') player = new MasyuPlayer(p);
  else if (kind === 'crossword') player = new CrosswordPlayer(p);
  else if (kind === 'apad') player = new ApadPlayer(p);
  else if (kind === 'poly') player = new PolyPlayer(p);
  else {
    player = null;
    b.textContent = p.render('text', '', false);
    say(`pzl reads this ${kind} file, but the page has no player for it`);
  }
  enableButtons();
  resetZoom();
  const warnings: string[] = JSON.parse(p.warnings());
  if (warnings.length) say(warnings.join('; '));
  return p;
}

/** Offer the actions the current player has. */
function enableButtons() {
  (window as any).__pzlPlayer = player;
  for (const btn of playerButtons()) {
    const a = btn.dataset.pzlAction as keyof Player;
    if (a === 'theme') continue;
    btn.disabled = !player || (!(a in VIEW_ACTIONS) && typeof player[a] !== 'function');
  }
}

/** Buttons that act on the player (not the app's own, such as Share: `data-pzl-app`). */
const playerButtons = () => document.querySelectorAll<HTMLButtonElement>('[data-pzl-action]:not([data-pzl-app])');

export function openBytes(bytes: Uint8Array, name: string, member = '') {
  try {
    // An archive or disk image lists its members to choose from (src/archive.ts).
    if (!member && listMembers(bytes, name, (m) => openBytes(bytes, name, m))) { remember({ bytes, name }); return; }
    const p = start(member ? open_member(bytes, name, member) : open(bytes, name, ''), member ? `${name} — ${member}` : name);
    if (member) backToList(name, () => openBytes(bytes, name));
    remember({ bytes, name, member, format: p.format() });
  } catch (e) {
    sayError(e, name);
  }
}

/** Open a puzzle shared as text (a `?p=` link, pasted or dropped text). */
export function openLink(text: string) {
  text = text.trim();
  try {
    start(open_text(text), 'shared puzzle');
    remember({ text });
    const url = new URL(location.href);
    url.searchParams.set('p', text);
    history.replaceState(null, '', url);
  } catch (e) {
    sayError(e);
  }
}

/** The APAD date picker without a file: the classic or weekday edition. */
export function openApad(edition: string) {
  board().dataset.kind = 'apad';
  $('#title').textContent = `A-Puzzle-A-Day (${edition})`;
  $('#actions').hidden = false;
  player = new ApadPlayer(null, edition);
  enableButtons();
  applyZoom();
}

/** The page's start (src/app.ts calls it; the <pzl-puzzle> element imports the players only). */
export async function main() {
  initTheme();
  await init({ module_or_path: 'pzl_wasm_bg.wasm' });
  initView();
  (window as any).pzl = { open, open_text, apad_solve };
  const input = $<HTMLInputElement>('input[data-pzl-open]');
  // The picker offers every extension pzl knows (and any file: detection reads the content).
  const exts = new Set<string>();
  for (const f of JSON.parse(formats()) as { extensions: string[] }[]) for (const e of f.extensions) exts.add(`.${e}`);
  input.accept = [...exts, '*/*'].join(',');
  input.addEventListener('change', async () => {
    const f = input.files?.[0];
    if (f) openBytes(new Uint8Array(await f.arrayBuffer()), f.name);
  });
  const drop = $('#drop');
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('dragover'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('dragover'));
  drop.addEventListener('drop', async (e) => {
    e.preventDefault();
    drop.classList.remove('dragover');
    const f = e.dataTransfer?.files?.[0];
    if (f) openBytes(new Uint8Array(await f.arrayBuffer()), f.name);
    else {
      const text = e.dataTransfer?.getData('text/plain');
      if (text) openLink(text);
    }
  });
  $('#text-form').addEventListener('submit', (e) => {
    e.preventDefault();
    openLink($<HTMLInputElement>('#text-input').value);
  });
  for (const btn of playerButtons()) {
    btn.addEventListener('click', () => {
      if (btn.dataset.pzlAction === 'theme') { toggleTheme(); return; }
      const view = VIEW_ACTIONS[btn.dataset.pzlAction ?? ''];
      if (view) { if (player) view(); return; }
      const a = btn.dataset.pzlAction as keyof Player;
      const f = player?.[a];
      if (typeof f === 'function') (f as () => void).call(player);
    });
  }
  document.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement;
    if (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA') return;
    // Keys on a button press it; they do not play.
    if (t.tagName === 'BUTTON' && (e.key === 'Enter' || e.key === ' ')) return;
    // Tab moves the focus, except in the board (a crossword's Tab goes to the next clue).
    if (e.key === 'Tab' && !board().contains(t)) return;
    if ((e.ctrlKey || e.metaKey) && e.key === 'z') { player?.undo?.(); e.preventDefault(); return; }
    if ((e.ctrlKey || e.metaKey) && e.key === 'y') { player?.redo?.(); e.preventDefault(); return; }
    player?.key?.(e);
  });
  const params = new URLSearchParams(location.search);
  const p = params.get('p');
  const apad = params.get('apad');
  wireShare(openBytes);
  if (await openShared(openBytes)) { /* a #f= link */ } else if (p) openLink(p);
  else if (apad) openApad(apad);
  else {
    const extra = document.createElement('p');
    extra.id = 'intro';
    extra.innerHTML = 'Or play <a href="?apad=classic">A-Puzzle-A-Day</a> (<a href="?apad=weekday">weekday edition</a>).';
    $('#title').after(extra);
  }
  performance.mark('pzl-interactive');
  document.body.dataset.readyMs = performance.now().toFixed(1);
  document.body.dataset.ready = '1';
  registerWorker();
}
