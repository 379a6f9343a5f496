// <pzl-puzzle>: pzl's players as an element any page can embed (shipped in the npm package as
// `pzl/component`). It renders the very players of the page (masyu.ts, crossword.ts, poly.ts,
// apad.ts) inside its shadow root, which holds the page's own player markup (static/index.html's
// <main>) and style sheet. Every format and rule comes from the WebAssembly module.
//
// Attributes: `src` (a file's URL), or inline `data` (the file's text; base64 bytes with
// `encoding="base64"`), or a child <script type="application/octet-stream"> (base64 bytes) or
// <script type="text/plain"> (text); `name` (the file name, which helps detect the format),
// `format` (names it: `puz`, `tootsweet`, `apad:weekday`…), `readonly` (show, no play: the view's
// buttons only), `theme` (`light`, `dark`, `auto`), `actions` (the puzzle's buttons to show, e.g.
// "check hint"; default all), `controls` (the view's: `zoom` (−, Fit, + and the pinch), `print`,
// `theme`; default all, `none` for none).
// Events (CustomEvent, bubbling and composed): `pzl-loaded` {kind, format, name}, `pzl-changed`
// {kind, status}, `pzl-checked` {kind, status, ok, message}, `pzl-solved` {kind, format, name},
// `pzl-error` {message}, `pzl-theme` {theme} (the theme switch was pressed).
//
// Print prints the element alone: while the browser prints, a style sheet the element adds to the
// page (`@media print`) hides everything else on it, and the player's own print style applies.
import { open, type Puzzle } from './pkg/pzl_wasm.js';
import { init } from './wasm-init';
import { useScope, type Player } from './main';
import { MasyuPlayer } from './masyu';
import { CrosswordPlayer } from './crossword';
import { ApadPlayer } from './apad';
import { PolyPlayer } from './poly';
import { viewOf } from './view';
import pageCss from '../static/style.css';
import mainHtml from 'pzl:main-html';

const OWN_CSS = `
:host { display: block; }
:host([hidden]) { display: none; }
.pzl { padding: .5em; }
.pzl[data-readonly] #extra, .pzl[data-readonly] #replay { display: none !important; }
.pzl[data-readonly] #board { pointer-events: none; }
@media screen { .pzl[data-theme="dark"] { background: #1b1f24; color: #e8e8e8; } }
@media screen and (prefers-color-scheme: dark) { .pzl[data-theme="auto"] { background: #1b1f24; color: #e8e8e8; } }
`;

/** The view's buttons, by the `controls` word that offers them. */
const CONTROLS: Record<string, string> = { 'zoom-in': 'zoom', 'zoom-out': 'zoom', fit: 'zoom', print: 'print', theme: 'theme' };

/** The page's print style while one element prints: everything else is hidden. */
const PRINT_CSS = `@media print {
  body[data-pzl-printing] * { visibility: hidden !important; }
  body[data-pzl-printing] pzl-puzzle[data-pzl-printing] { visibility: visible !important; position: absolute !important;
    left: 0 !important; top: 0 !important; width: 100% !important; margin: 0 !important; }
}`;

/** Events that reach the players: the element's scope is made current before they run. */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'pointerup', 'mousedown', 'click', 'dblclick', 'contextmenu',
  'keydown', 'beforeinput', 'input', 'change', 'submit', 'focusin', 'touchstart', 'wheel'];

function base64(text: string): Uint8Array {
  const bin = atob(text.replace(/\s+/g, ''));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/**
 * Every method of `player` first makes `root` the scope, so work that starts later — a replay's
 * timer, a handler the player attached — finds this element's board even when another
 * <pzl-puzzle> on the page was used meanwhile.
 */
function scoped<P extends object>(player: P, root: ShadowRoot): P {
  for (let proto = Object.getPrototypeOf(player); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const f = (player as Record<string, unknown>)[name];
      if (name === 'constructor' || typeof f !== 'function' || Object.hasOwn(player, name)) continue;
      Object.defineProperty(player, name, {
        value(...args: unknown[]) { useScope(root); return (f as (...a: unknown[]) => unknown).apply(player, args); },
        writable: true, configurable: true,
      });
    }
  }
  return player;
}

export class PzlPuzzle extends HTMLElement {
  static observedAttributes = ['src', 'data', 'name', 'format', 'encoding', 'readonly', 'theme', 'actions', 'controls'];

  readonly root: ShadowRoot;
  #player: Player | null = null;
  #puzzle: Puzzle | null = null;
  #loads = 0;
  #status = 'unsolved';
  #quiet = true;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = `<style>${pageCss}${OWN_CSS}</style><div class="pzl" part="player">${mainHtml}</div>`;
    // The host page has its own headings: no title line.
    const title = this.#el('#title');
    if (title) title.hidden = true;
    // The theme switch, which the page keeps in its header, goes with the view's buttons here.
    const theme = document.createElement('button');
    theme.type = 'button';
    theme.dataset.pzlAction = 'theme';
    theme.textContent = 'Dark mode';
    theme.setAttribute('aria-pressed', 'false');
    this.#el('#actions')?.append(theme);
    for (const type of INPUT_EVENTS) this.root.addEventListener(type, () => useScope(this.root), { capture: true });
    for (const b of this.root.querySelectorAll<HTMLButtonElement>('[data-pzl-action]')) {
      b.addEventListener('click', () => this.#act(b.dataset.pzlAction as keyof Player));
    }
    this.addEventListener('keydown', (e) => this.#key(e));
    new MutationObserver((records) => this.#observe(records)).observe(this.#el('#board')!, {
      subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-state', 'data-status'],
    });
  }

  /** The element's listeners on the window and the system theme, dropped when it leaves the page. */
  #outside: AbortController | null = null;

  /** The opened puzzle (the WebAssembly API's Puzzle), or null. */
  get puzzle(): Puzzle | null { return this.#puzzle; }
  /** `unsolved`, `solved` or `wrong` (after a failed check). */
  get status(): string { return this.#status; }

  connectedCallback() {
    // Focusable, so keys reach the player (attributes may not be set in the constructor).
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    // Fitting, zoom and pinch, for this element's board alone; the system theme when `auto`.
    viewOf(this.root).init();
    this.#outside?.abort();
    this.#outside = new AbortController();
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.#options(), { signal: this.#outside.signal });
    this.#options();
    // Moved in the page (left and came back): keep the board and its history unless the source
    // changed while it was away.
    if (this.#sourceKey() !== this.#loadedKey) this.#load();
  }

  /** What the element was last asked to open. */
  #loadedKey: string | null = null;

  #sourceKey(): string {
    return JSON.stringify(['src', 'data', 'format', 'name', 'encoding'].map((a) => this.getAttribute(a)).concat(this.querySelector('script')?.textContent ?? null));
  }

  disconnectedCallback() {
    viewOf(this.root).dispose();
    this.#outside?.abort();
    this.#outside = null;
  }

  attributeChangedCallback(name: string, old: string | null, now: string | null) {
    if (!this.isConnected || old === now) return;
    if (['readonly', 'theme', 'actions', 'controls'].includes(name)) this.#options();
    else this.#load();
  }

  /**
   * Do what a button does: `check`, `hint`, `solve`, `reset`, `undo`, `redo`, `replay`; and the
   * view's `zoom-in`, `zoom-out`, `fit`, `print`, `theme`.
   */
  act(action: string) { this.#act(action as keyof Player); }

  #el<T extends HTMLElement = HTMLElement>(sel: string) { return this.root.querySelector<T>(sel); }

  #emit(type: string, detail: object) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #options() {
    const box = this.#el('.pzl')!;
    box.toggleAttribute('data-readonly', this.hasAttribute('readonly'));
    box.dataset.theme = this.getAttribute('theme') || 'light';
    this.#el('[data-pzl-action="theme"]')?.setAttribute('aria-pressed', String(this.#dark()));
    this.#buttons();
  }

  /** Whether the element shows its dark theme now. */
  #dark(): boolean {
    const theme = this.getAttribute('theme');
    return theme === 'dark' || (theme === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
  }

  #buttons() {
    const words = (attr: string) => this.getAttribute(attr)?.split(/[\s,]+/).filter(Boolean);
    const wanted = words('actions');
    const controls = words('controls');
    for (const b of this.root.querySelectorAll<HTMLButtonElement>('[data-pzl-action]')) {
      const a = b.dataset.pzlAction as keyof Player;
      const control = CONTROLS[a];
      const offered = Boolean(this.#player) && (control !== undefined || typeof this.#player![a] === 'function');
      b.disabled = !offered;
      // A read-only element keeps the view's buttons (zoom, print, theme), not the puzzle's.
      const shown = control !== undefined
        ? controls === undefined || controls.includes(control)
        : !this.hasAttribute('readonly') && (wanted === undefined || wanted.includes(a));
      b.hidden = !offered || !shown;
    }
  }

  /** Print this element alone (see PRINT_CSS), as the page's print style draws it. */
  #print() {
    if (!document.querySelector('style[data-pzl-print]')) {
      const style = document.createElement('style');
      style.dataset.pzlPrint = '';
      style.textContent = PRINT_CSS;
      document.head.append(style);
    }
    document.body.dataset.pzlPrinting = '';
    this.dataset.pzlPrinting = '';
    const done = () => {
      window.removeEventListener('afterprint', done);
      delete document.body.dataset.pzlPrinting;
      delete this.dataset.pzlPrinting;
    };
    window.addEventListener('afterprint', done);
    window.print();
  }

  #view(action: string): boolean {
    const view = viewOf(this.root);
    if (action === 'zoom-in') view.by(1.25);
    else if (action === 'zoom-out') view.by(0.8);
    else if (action === 'fit') view.reset();
    else if (action === 'print') this.#print();
    else if (action === 'theme') {
      const theme = this.#dark() ? 'light' : 'dark';
      this.setAttribute('theme', theme);
      this.#emit('pzl-theme', { theme });
    } else return false;
    return true;
  }

  async #bytes(): Promise<{ bytes: Uint8Array; name: string }> {
    const src = this.getAttribute('src');
    const named = this.getAttribute('name');
    const encoded = this.getAttribute('encoding') === 'base64';
    if (src) {
      const url = new URL(src, document.baseURI);
      const r = await fetch(url);
      if (!r.ok) throw new Error(`${src}: the server answered ${r.status} ${r.statusText}`);
      return { bytes: new Uint8Array(await r.arrayBuffer()), name: named || decodeURIComponent(url.pathname.split('/').pop() || 'puzzle') };
    }
    const data = this.getAttribute('data');
    if (data !== null) return { bytes: encoded ? base64(data) : new TextEncoder().encode(data), name: named || 'puzzle' };
    const script = this.querySelector('script[type="application/octet-stream"], script[type="text/plain"]');
    if (script) {
      const text = script.textContent ?? '';
      const binary = script.getAttribute('type') === 'application/octet-stream';
      return { bytes: binary ? base64(text) : new TextEncoder().encode(text.trim() + '\n'), name: named || 'puzzle' };
    }
    throw new Error('<pzl-puzzle> needs a puzzle: a `src` URL, `data`, or a <script type="application/octet-stream"> child');
  }

  async #load() {
    const load = ++this.#loads;
    this.#loadedKey = this.#sourceKey();
    try {
      const [{ bytes, name }] = await Promise.all([this.#bytes(), init()]);
      if (load !== this.#loads) return; // a newer source was set meanwhile
      useScope(this.root);
      this.#start(open(bytes, name, this.getAttribute('format') ?? ''));
    } catch (e) {
      if (load !== this.#loads) return;
      const message = (e as Error).message ?? String(e);
      const say = this.#el('#message');
      if (say) say.textContent = message;
      this.#emit('pzl-error', { message });
    }
  }

  #start(p: Puzzle) {
    this.#quiet = true;
    this.#puzzle?.free();
    this.#puzzle = p;
    const kind = p.kind();
    const b = this.#el('#board')!;
    b.innerHTML = '';
    b.className = '';
    b.dataset.kind = kind;
    b.dataset.status = 'unsolved';
    this.#status = 'unsolved';
    for (const sel of ['#side', '#extra', '#message']) this.#el(sel)!.innerHTML = '';
    this.#el('#replay')!.hidden = true;
    this.#el('#actions')!.hidden = false;
    if (kind === 'masyu') this.#player = scoped(new MasyuPlayer(p), this.root);
    else if (kind === 'crossword') this.#player = scoped(new CrosswordPlayer(p), this.root);
    else if (kind === 'apad') this.#player = scoped(new ApadPlayer(p), this.root);
    else if (kind === 'poly') this.#player = scoped(new PolyPlayer(p), this.root);
    else {
      this.#player = null;
      b.textContent = p.render('text', '', false);
    }
    this.#buttons();
    viewOf(this.root).reset();
    // The drawing's own mutations are not the player's changes.
    queueMicrotask(() => { this.#quiet = false; });
    this.#emit('pzl-loaded', { kind, format: p.format(), name: p.name() });
    if (this.#el('#board')!.dataset.status === 'solved') this.#solved();
  }

  #act(action: keyof Player) {
    if (this.#player && CONTROLS[action] !== undefined) { useScope(this.root); this.#view(action); return; }
    const f = this.#player?.[action];
    if (typeof f !== 'function' || this.hasAttribute('readonly')) return;
    useScope(this.root);
    (f as () => void).call(this.#player);
    if (action === 'check') {
      const status = this.#el('#board')!.dataset.status ?? 'unsolved';
      this.#emit('pzl-checked', { kind: this.#puzzle?.kind(), status, ok: status === 'solved', message: this.#el('#message')?.textContent ?? '' });
    }
  }

  #key(e: KeyboardEvent) {
    if (!this.#player || this.hasAttribute('readonly')) return;
    const target = e.composedPath()[0] as HTMLElement;
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(target?.tagName) && !target.hasAttribute('data-pzl-keys')) return;
    // Tab moves the focus, except in the board (a crossword's Tab goes to the next clue).
    if (e.key === 'Tab' && !this.#el('#board')?.contains(target)) return;
    useScope(this.root);
    if ((e.ctrlKey || e.metaKey) && e.key === 'z') { this.#player.undo?.(); e.preventDefault(); return; }
    if ((e.ctrlKey || e.metaKey) && e.key === 'y') { this.#player.redo?.(); e.preventDefault(); return; }
    this.#player.key?.(e);
  }

  #solved() {
    const p = this.#puzzle;
    this.#emit('pzl-solved', { kind: p?.kind(), format: p?.format(), name: p?.name() });
  }

  #observe(records: MutationRecord[]) {
    const b = this.#el('#board')!;
    let changed = false;
    for (const r of records) {
      if (r.type === 'attributes' && r.target === b && r.attributeName === 'data-status') {
        const now = b.dataset.status ?? 'unsolved';
        if (now === this.#status) continue;
        this.#status = now;
        if (now === 'solved' && !this.#quiet) this.#solved();
      } else changed = true;
    }
    if (changed && !this.#quiet && this.#puzzle) this.#emit('pzl-changed', { kind: this.#puzzle.kind(), status: this.#status });
  }
}

if (!customElements.get('pzl-puzzle')) customElements.define('pzl-puzzle', PzlPuzzle);
