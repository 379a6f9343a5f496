// How the board sits in the window, whatever the player: fitted to the width (and a tall board to
// the height), zoomed by the buttons (`data-pzl-action` zoom-in, zoom-out, fit) or a two-finger
// pinch; the light/dark theme switch (`data-pzl-action="theme"`, remembered); printing.
// Elements are found through main.ts's `$`, in the page or the scope a player runs in.
import { $ } from './main';

const MIN = 0.5;
const MAX = 5;
let zoom = 1;
let pinching = false;

const boardEl = () => $('#board');

/** Whether two fingers are on the board (a player's drag should not draw then). */
export const isPinching = () => pinching;

/** The width the board may take: the layout's, less the clue list beside it on a wide window. */
function available(): number {
  const layout = $('#layout');
  const side = $('#side');
  if (!layout) return 320;
  let width = layout.clientWidth;
  if (side?.childElementCount && window.innerWidth >= 900) width -= side.offsetWidth + 24;
  return Math.max(120, width - 8);
}

/** Size the board's drawing: fitted, times the zoom. SVGs scale by their viewBox, tables by font. */
export function applyZoom() {
  const el = boardEl()?.querySelector(':scope > svg, :scope > table') as (HTMLElement | SVGSVGElement | null);
  if (!el) return;
  const avail = available();
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
    el.style.width = `${Math.round(w * fit * zoom)}px`;
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
    el.style.fontSize = `${(16 * fit * zoom).toFixed(2)}px`;
  }
  boardEl().dataset.zoom = zoom.toFixed(2);
  boardEl().dispatchEvent(new Event('pzl-zoom'));
}

function setZoom(z: number) {
  zoom = Math.min(MAX, Math.max(MIN, z));
  applyZoom();
}

/** Back to fitting the window (a new puzzle starts fitted). */
export function resetZoom() { setZoom(1); }

export function zoomBy(factor: number) { setZoom(zoom * factor); }

/** Two fingers on the board zoom it (and move it, as their middle moves). */
function pinch(board: HTMLElement) {
  const points = new Map<number, { x: number; y: number }>();
  let start = 0, startZoom = 1, mid = { x: 0, y: 0 };
  const spread = () => { const [a, b] = [...points.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
  const middle = () => { const [a, b] = [...points.values()]; return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }; };
  board.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'touch') return;
    points.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (points.size === 2) { pinching = true; start = spread(); startZoom = zoom; mid = middle(); }
  });
  board.addEventListener('pointermove', (e) => {
    if (!points.has(e.pointerId)) return;
    points.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (points.size !== 2 || !start) return;
    setZoom(startZoom * spread() / start);
    const m = middle();
    board.scrollLeft -= m.x - mid.x;
    board.scrollTop -= m.y - mid.y;
    mid = m;
  });
  const up = (e: PointerEvent) => {
    points.delete(e.pointerId);
    if (points.size < 2) { start = 0; if (!points.size) pinching = false; }
  };
  board.addEventListener('pointerup', up);
  board.addEventListener('pointercancel', up);
}

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

/** Zoom, pinch and refitting when the window or the board changes. */
export function initView() {
  const board = boardEl();
  pinch(board);
  let pending = 0;
  const later = () => { if (!pending) pending = requestAnimationFrame(() => { pending = 0; applyZoom(); }); };
  window.addEventListener('resize', later);
  // A player redraws its board (a new solution, a new date): the new drawing is fitted too.
  new MutationObserver(later).observe(board, { childList: true });
  new MutationObserver(later).observe($('#side'), { childList: true });
}
