// How the board sits in its box, whatever the player: fitted to the width (and a tall board to
// the height), zoomed by the buttons (`data-pzl-action` zoom-in, zoom-out, fit) or a two-finger
// pinch; the light/dark theme switch of the page (`data-pzl-action="theme"`, remembered).
// One View per scope: the page's document, or the shadow root of each <pzl-puzzle> element, so
// every element zooms its own board.
import { currentScope } from './main';

const MIN = 0.5;
const MAX = 5;

type Root = Document | ShadowRoot;

export class View {
  zoom = 1;
  /** Whether two fingers are on the board (a player's drag should not draw then). */
  pinching = false;
  #wired = false;
  #windowListeners: AbortController | null = null;

  constructor(readonly root: Root) {}

  #el<T extends HTMLElement = HTMLElement>(sel: string) { return this.root.querySelector(sel) as T | null; }

  /** The width the board may take: the layout's, less the clue list beside it on a wide window. */
  available(): number {
    const layout = this.#el('#layout');
    const side = this.#el('#side');
    if (!layout) return 320;
    let width = layout.clientWidth;
    if (side?.childElementCount && window.innerWidth >= 900) width -= side.offsetWidth + 24;
    return Math.max(120, width - 8);
  }

  /** Size the board's drawing: fitted, times the zoom. SVGs scale by their viewBox, tables by font. */
  apply() {
    const board = this.#el('#board');
    const el = board?.querySelector(':scope > svg, :scope > table') as (HTMLElement | SVGSVGElement | null);
    if (!board || !el) return;
    const avail = this.available();
    if (el instanceof SVGSVGElement) {
      if (!el.getAttribute('viewBox')) {
        const w = parseFloat(el.getAttribute('width') || ''), h = parseFloat(el.getAttribute('height') || '');
        if (!(w > 0 && h > 0)) return;
        el.setAttribute('viewBox', `0 0 ${w} ${h}`);
      }
      const [, , w, h] = (el.getAttribute('viewBox') || '').split(/[\s,]+/).map(Number);
      if (!(w > 0 && h > 0)) return;
      // A tall board also fits the window's height (never below 40 % of the width fit).
      const tall = Math.max(200, window.innerHeight - 40) / h;
      const fit = Math.min(1, avail / w, Math.max(tall, 0.4 * avail / w));
      el.style.width = `${Math.round(w * fit * this.zoom)}px`;
      el.style.height = 'auto';
      el.style.maxWidth = 'none';
    } else {
      const natural = Number(el.dataset.naturalWidth) || (() => {
        el.style.fontSize = '16px';
        const n = el.offsetWidth;
        el.dataset.naturalWidth = String(n);
        return n;
      })();
      if (!natural) return;
      const fit = Math.min(1, avail / natural);
      el.style.fontSize = `${(16 * fit * this.zoom).toFixed(2)}px`;
    }
    board.dataset.zoom = this.zoom.toFixed(2);
    board.dispatchEvent(new Event('pzl-zoom'));
  }

  set(z: number) {
    this.zoom = Math.min(MAX, Math.max(MIN, z));
    this.apply();
  }

  /** Back to fitting the box (a new puzzle starts fitted). */
  reset() { this.set(1); }

  by(factor: number) { this.set(this.zoom * factor); }

  /** Two fingers on the board zoom it (and move it, as their middle moves). */
  #pinch(board: HTMLElement) {
    const points = new Map<number, { x: number; y: number }>();
    let start = 0, startZoom = 1, mid = { x: 0, y: 0 };
    const spread = () => { const [a, b] = [...points.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
    const middle = () => { const [a, b] = [...points.values()]; return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }; };
    board.addEventListener('pointerdown', (e) => {
      if (e.pointerType !== 'touch') return;
      points.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (points.size === 2) { this.pinching = true; start = spread(); startZoom = this.zoom; mid = middle(); }
    });
    board.addEventListener('pointermove', (e) => {
      if (!points.has(e.pointerId)) return;
      points.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (points.size !== 2 || !start) return;
      this.set(startZoom * spread() / start);
      const m = middle();
      board.scrollLeft -= m.x - mid.x;
      board.scrollTop -= m.y - mid.y;
      mid = m;
    });
    const up = (e: PointerEvent) => {
      points.delete(e.pointerId);
      if (points.size < 2) { start = 0; if (!points.size) this.pinching = false; }
    };
    board.addEventListener('pointerup', up);
    board.addEventListener('pointercancel', up);
  }

  /**
   * Stop listening to the window (an embedded element left the page); `init` listens again when
   * it comes back.
   */
  dispose() {
    this.#windowListeners?.abort();
    this.#windowListeners = null;
  }

  /** Zoom, pinch and refitting when the window or the board changes (once per scope). */
  init() {
    const board = this.#el('#board');
    if (!board) return;
    if (!this.#wired) {
      this.#wired = true;
      this.#pinch(board);
      // A player redraws its board (a new solution, a new date): the new drawing is fitted too.
      new MutationObserver(this.#later).observe(board, { childList: true });
      const side = this.#el('#side');
      if (side) new MutationObserver(this.#later).observe(side, { childList: true });
    }
    if (!this.#windowListeners) {
      this.#windowListeners = new AbortController();
      window.addEventListener('resize', this.#later, { signal: this.#windowListeners.signal });
    }
  }

  #pending = 0;
  /** Refit once at the next frame, however many changes come before it. */
  #later = () => {
    if (!this.#pending) this.#pending = requestAnimationFrame(() => { this.#pending = 0; this.apply(); });
  };
}

const views = new WeakMap<Root, View>();

/** The view of `root` (made on first use). */
export function viewOf(root: Root): View {
  let v = views.get(root);
  if (!v) { v = new View(root); views.set(root, v); }
  return v;
}

// The current scope's view (the page, or the element whose player is running).
export const applyZoom = () => viewOf(currentScope()).apply();
export const resetZoom = () => viewOf(currentScope()).reset();
export const zoomBy = (factor: number) => viewOf(currentScope()).by(factor);
export const isPinching = () => viewOf(currentScope()).pinching;
export const initView = () => viewOf(currentScope()).init();

const THEME_KEY = 'pzl-theme';

function dark(): boolean {
  const set = document.documentElement.dataset.theme;
  return set ? set === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
}

function showTheme() {
  const b = document.querySelector('[data-pzl-action="theme"]');
  b?.setAttribute('aria-pressed', String(dark()));
}

/** The theme stored by the switch, else the system's. */
export function initTheme() {
  const stored = localStorage.getItem(THEME_KEY);
  if (stored === 'dark' || stored === 'light') document.documentElement.dataset.theme = stored;
  showTheme();
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', showTheme);
}

export function toggleTheme() {
  const next = dark() ? 'light' : 'dark';
  document.documentElement.dataset.theme = next;
  localStorage.setItem(THEME_KEY, next);
  showTheme();
}
