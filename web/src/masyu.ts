// The Masyu player: lines and crosses by mouse, touch and keyboard; undo/redo; check, hint, solve
// and replay, all answered by the WASM module.
import type { Puzzle } from './pkg/pzl_wasm.js';
import { $, board, say, setStatus, type Player } from './main';
import { isPinching } from './view';

const S = 36; // cell size
const M = 10; // margin
const NS = 'http://www.w3.org/2000/svg';
// Edge states as pzl spells them everywhere (Python, `pzl … --json`); the player keeps their
// index here.
const STATES = ['unknown', 'line', 'cross'];
const code = (state: string) => Math.max(0, STATES.indexOf(state));
const PEARLS: Record<string, string> = { W: 'white pearl', B: 'black pearl' };
const SIDES: Record<string, string> = { '-1,0': 'up', '1,0': 'down', '0,-1': 'left', '0,1': 'right' };

interface MasyuData { width: number; height: number; rows: string[]; edges: string[]; ends: [number, number, number, number][] }
interface Step { text: string; changes: { edge: number; now: string; was: string }[] }

function el(name: string, attrs: Record<string, string | number>, parent?: Element): SVGElement {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

export class MasyuPlayer implements Player {
  p: Puzzle;
  d: MasyuData;
  edges: Uint8Array;
  undoStack: Uint8Array[] = [];
  redoStack: Uint8Array[] = [];
  edgeEls: SVGElement[] = [];
  cellEls: SVGElement[] = [];
  byPair = new Map<string, number>();
  cursor = [0, 0];
  storeKey: string;
  steps: Step[] = [];
  pos = 0;
  timer = 0;

  constructor(p: Puzzle) {
    this.p = p;
    this.d = JSON.parse(p.masyu());
    this.edges = Uint8Array.from(this.d.edges, code);
    this.storeKey = `pzl-masyu:${this.d.width}x${this.d.height}:${this.d.rows.join('/')}`;
    const saved = localStorage.getItem(this.storeKey);
    if (saved && saved.length === this.edges.length && this.edges.every((e) => e === 0)) {
      this.edges = Uint8Array.from(saved, (c) => Number(c) || 0);
    }
    this.d.ends.forEach(([r1, c1, r2, c2], n) => {
      this.byPair.set(`${r1},${c1},${r2},${c2}`, n);
      this.byPair.set(`${r2},${c2},${r1},${c1}`, n);
    });
    this.draw();
    $('#extra').innerHTML = '<label title="one-level hypotheses before deeper guessing"><input type="checkbox" id="masyu-human"> reason like a person (replay)</label>';
    this.changed(false);
  }

  cx(c: number) { return M + c * S + S / 2; }
  cy(r: number) { return M + r * S + S / 2; }

  draw() {
    const { width, height, rows, ends } = this.d;
    const [w, h] = [width * S + 2 * M, height * S + 2 * M];
    const svg = el('svg', {
      class: 'masyu', width: w, height: h, viewBox: `0 0 ${w} ${h}`, tabindex: 0, role: 'group',
      'aria-label': `Masyu board, ${width} by ${height}. Arrow keys move; Shift with an arrow draws or erases a line that way; Alt with an arrow crosses it out.`,
    });
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        const pearl = PEARLS[rows[r]?.[c] ?? ''];
        const cell = el('rect', {
          class: 'cell', x: M + c * S, y: M + r * S, width: S, height: S, 'data-row': r, 'data-col': c,
          role: 'img', 'aria-label': `row ${r + 1}, column ${c + 1}${pearl ? `, ${pearl}` : ''}`,
        }, svg);
        this.cellEls.push(cell);
      }
    }
    ends.forEach(([r1, c1, r2, c2], n) => {
      const g = el('g', { 'data-pzl-edge': n, 'data-state': 'unknown', role: 'img', 'aria-label': this.edgeLabel(n, 0) }, svg);
      const [x1, y1, x2, y2] = [this.cx(c1), this.cy(r1), this.cx(c2), this.cy(r2)];
      el('line', { class: 'edge', x1, y1, x2, y2 }, g);
      const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
      const x = el('path', { class: 'x', d: `M${mx - 4},${my - 4}L${mx + 4},${my + 4}M${mx + 4},${my - 4}L${mx - 4},${my + 4}`, visibility: 'hidden' }, g);
      x.dataset.x = '1';
      el('line', { class: 'hit', x1, y1, x2, y2 }, g);
      this.edgeEls.push(g);
    });
    rows.forEach((row, r) => [...row].forEach((ch, c) => {
      if (ch === 'W' || ch === 'B') el('circle', { class: `pearl-${ch}`, cx: this.cx(c), cy: this.cy(r), r: S * 0.32, 'pointer-events': 'none' }, svg);
    }));
    board().appendChild(svg);
    // A drag that drew a line is not also a click on the edge it started on.
    let dragged = false;
    svg.addEventListener('click', (e) => {
      if (dragged) { dragged = false; return; }
      const g = (e.target as Element).closest('[data-pzl-edge]');
      if (g) this.edit(Number(g.getAttribute('data-pzl-edge')), (s) => (s + 1) % 3);
    });
    svg.addEventListener('contextmenu', (e) => {
      const g = (e.target as Element).closest('[data-pzl-edge]');
      if (!g) return;
      e.preventDefault();
      this.edit(Number(g.getAttribute('data-pzl-edge')), (s) => (s === 2 ? 0 : 2));
    });
    // Drag from cell to cell to draw (mouse, pen and finger alike; two fingers zoom instead).
    let last: [number, number] | null = null;
    const cellAt = (e: PointerEvent): [number, number] | null => {
      // Page coordinates to the drawing's own, whatever the zoom.
      const m = svg.getScreenCTM();
      if (!m) return null;
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
      const c = Math.floor((p.x - M) / S);
      const r = Math.floor((p.y - M) / S);
      return r >= 0 && c >= 0 && r < height && c < width ? [r, c] : null;
    };
    svg.addEventListener('pointerdown', (e) => {
      if (e.button > 0) return;
      dragged = false;
      last = cellAt(e);
      if (last && !(e.target as Element).closest('[data-pzl-edge]')) { this.cursor = last; this.showCursor(); }
    });
    svg.addEventListener('pointermove', (e) => {
      if (!last || !e.buttons) return;
      if (isPinching()) { last = null; return; }
      const at = cellAt(e);
      if (!at || (at[0] === last[0] && at[1] === last[1])) return;
      const n = this.byPair.get(`${last[0]},${last[1]},${at[0]},${at[1]}`);
      if (n !== undefined) { this.edit(n, (s) => (s === 1 ? 0 : 1)); dragged = true; }
      last = at;
      this.cursor = at;
      this.showCursor();
    });
    const end = () => { last = null; };
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  }

  /** How a screen reader names edge `n` in state `s`. */
  edgeLabel(n: number, s: number) {
    const [r1, c1, r2, c2] = this.d.ends[n];
    const between = `between row ${r1 + 1} column ${c1 + 1} and row ${r2 + 1} column ${c2 + 1}`;
    return `${['no line', 'line', 'cross'][s]} ${between}`;
  }

  /** The cursor's cell as said aloud: where, its pearl, and the lines and crosses at it. */
  describeCursor() {
    const [r, c] = this.cursor;
    const pearl = PEARLS[this.d.rows[r]?.[c] ?? ''];
    const lines: string[] = [], crosses: string[] = [];
    for (const [key, side] of Object.entries(SIDES)) {
      const [dr, dc] = key.split(',').map(Number);
      const n = this.byPair.get(`${r},${c},${r + dr},${c + dc}`);
      if (n === undefined) continue;
      if (this.edges[n] === 1) lines.push(side);
      if (this.edges[n] === 2) crosses.push(side);
    }
    const parts = [`Row ${r + 1}, column ${c + 1}`];
    if (pearl) parts.push(pearl);
    parts.push(lines.length ? `line ${lines.join(' and ')}` : 'no line');
    if (crosses.length) parts.push(`crossed ${crosses.join(' and ')}`);
    $('#live').textContent = parts.join(', ');
  }

  showCursor() {
    this.cellEls.forEach((e) => e.classList.remove('cursor'));
    this.cellEls[this.cursor[0] * this.d.width + this.cursor[1]]?.classList.add('cursor');
  }

  key(e: KeyboardEvent) {
    const dirs: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const d = dirs[e.key];
    if (!d) return;
    e.preventDefault();
    const [r, c] = this.cursor;
    const to: [number, number] = [r + d[0], c + d[1]];
    if (to[0] < 0 || to[1] < 0 || to[0] >= this.d.height || to[1] >= this.d.width) return;
    const n = this.byPair.get(`${r},${c},${to[0]},${to[1]}`);
    if (n !== undefined && e.shiftKey) this.edit(n, (s) => (s === 1 ? 0 : 1));
    else if (n !== undefined && (e.altKey || e.ctrlKey)) { this.edit(n, (s) => (s === 2 ? 0 : 2)); this.describeCursor(); return; }
    this.cursor = to;
    this.showCursor();
    this.describeCursor();
  }

  edit(n: number, f: (s: number) => number) {
    this.stopReplay();
    this.undoStack.push(this.edges.slice());
    this.redoStack = [];
    this.edges[n] = f(this.edges[n]);
    this.changed(true);
  }

  /** Show the edges, store them, and see whether the loop is done. */
  changed(save: boolean, quiet = false) {
    this.clearMarks();
    this.edges.forEach((s, n) => this.paint(n, s));
    if (save) localStorage.setItem(this.storeKey, this.edges.join(''));
    this.sync();
    const report = JSON.parse(this.p.check());
    // `check` is ok for a board with no line drawn yet (a sound puzzle): solved is its state.
    if (report.ok && report.facts?.state === 'solved') { setStatus('solved'); if (!quiet) say(`Solved: ${report.verdict}`); }
    else if (board().dataset.status === 'solved' || save) setStatus('unsolved');
  }

  /** Give the WASM puzzle the player's edges. */
  sync() {
    this.p.act(JSON.stringify({ action: 'set-edges', edges: Array.from(this.edges, (s) => STATES[s]) }));
  }

  paint(n: number, s: number) {
    const g = this.edgeEls[n];
    g.setAttribute('data-state', STATES[s]);
    g.setAttribute('aria-label', this.edgeLabel(n, s));
    (g.querySelector('[data-x]') as SVGElement).setAttribute('visibility', s === 2 ? 'visible' : 'hidden');
  }

  clearMarks() {
    this.cellEls.forEach((e) => e.classList.remove('hl', 'bad'));
    this.edgeEls.forEach((e) => e.classList.remove('hl'));
  }

  mark(cells: number[][], cls: string, fromOne = false) {
    for (const [r, c] of cells) this.cellEls[(r - (fromOne ? 1 : 0)) * this.d.width + (c - (fromOne ? 1 : 0))]?.classList.add(cls);
  }

  check() {
    this.sync();
    const report = JSON.parse(this.p.check());
    this.clearMarks();
    if (report.ok && report.facts?.state === 'solved') { setStatus('solved'); say(`Correct: ${report.verdict}`); return; }
    if (report.ok) { setStatus('unsolved'); say(report.notes?.[0] ?? report.verdict); return; }
    setStatus('wrong');
    const first = report.problems[0];
    for (const pr of report.problems) this.mark(pr.cells || [], 'bad', true);
    say(`[${first.rule}] ${first.message}` + (report.problems.length > 1 ? ` (and ${report.problems.length - 1} more)` : ''));
  }

  hint() {
    this.stopReplay();
    this.sync();
    const h = JSON.parse(this.p.masyu_hint());
    if (h.type === 'deduce') {
      this.undoStack.push(this.edges.slice());
      this.redoStack = [];
      this.edges[h.edge] = code(h.state);
      this.changed(true, true);
      if (board().dataset.status === 'solved') { say(`Hint [${h.rule}]: ${h.text} — solved!`); return; }
      this.mark(h.reads, 'hl');
      this.edgeEls[h.edge].classList.add('hl');
      say(`Hint [${h.rule}]: ${h.text}`);
    } else if (h.type === 'wrong') {
      this.clearMarks();
      this.mark(h.cells, 'bad');
      this.edgeEls[h.edge].classList.add('hl');
      setStatus('wrong');
      say(`Wrong ${h.state}: ${h.text}`);
    } else if (h.type === 'solved') {
      this.changed(false, true);
      say('Every line of the loop is drawn.');
    } else say(h.text);
  }

  solve() {
    this.stopReplay();
    const t0 = performance.now();
    const r = JSON.parse(this.p.solve('{}'));
    const ms = performance.now() - t0;
    (window as any).pzlLastSolveMs = ms;
    if (!r.edges.length) { say(`No solution: ${r.report.outcome}`); return; }
    this.undoStack.push(this.edges.slice());
    this.edges = Uint8Array.from(r.edges[0] as string[], code);
    this.changed(true, true);
    say(`Solved by pzl in ${ms.toFixed(1)} ms (${r.report.unique ? 'unique' : 'not proven unique'})`);
  }

  replay() {
    const human = ($('#masyu-human') as HTMLInputElement | null)?.checked ?? false;
    const r = JSON.parse(this.p.solve(JSON.stringify({ trace: true, human })));
    if (!r.trace) { say('no trace'); return; }
    this.steps = JSON.parse(this.p.masyu_replay(r.trace)).steps;
    this.undoStack.push(this.edges.slice());
    this.edges.fill(0);
    this.pos = 0;
    this.changed(false, true);
    const box = $('#replay');
    box.hidden = false;
    const q = (s: string) => box.querySelector(`[data-replay="${s}"]`) as HTMLButtonElement;
    q('back').onclick = () => { this.pause(); this.stepBack(); };
    q('forward').onclick = () => { this.pause(); this.stepForward(); };
    q('play').onclick = () => (this.timer ? this.pause() : this.play());
    this.showPos();
    this.play();
  }

  play() {
    const speed = () => Number(($('#speed') as HTMLInputElement).value) || 40;
    const tick = () => {
      if (!this.stepForward()) { this.pause(); return; }
      this.timer = window.setTimeout(tick, 1000 / speed());
    };
    ($('#replay [data-replay="play"]') as HTMLButtonElement).textContent = 'pause';
    this.timer = window.setTimeout(tick, 0);
  }

  pause() {
    window.clearTimeout(this.timer);
    this.timer = 0;
    const b = $('#replay [data-replay="play"]');
    if (b) b.textContent = 'play';
  }

  stopReplay() {
    if (!this.steps.length) return;
    this.pause();
    this.steps = [];
    $('#replay').hidden = true;
  }

  stepForward(): boolean {
    const step = this.steps[this.pos];
    if (!step) return false;
    for (const { edge, now } of step.changes) { this.edges[edge] = code(now); this.paint(edge, code(now)); }
    this.pos++;
    this.showPos(step.text);
    if (this.pos === this.steps.length) this.changed(false, true);
    return true;
  }

  stepBack() {
    if (this.pos === 0) return;
    this.pos--;
    const step = this.steps[this.pos];
    for (const { edge, was } of step.changes) { this.edges[edge] = code(was); this.paint(edge, code(was)); }
    this.showPos(this.steps[this.pos - 1]?.text ?? '');
  }

  showPos(text = '') {
    $('#replay-pos').textContent = `step ${this.pos} / ${this.steps.length}`;
    $('#replay-pos').dataset.pos = String(this.pos);
    if (text) say(text);
  }

  reset() {
    this.stopReplay();
    this.undoStack.push(this.edges.slice());
    this.edges.fill(0);
    this.changed(true);
    say('');
  }

  undo() {
    const prev = this.undoStack.pop();
    if (!prev) return;
    this.redoStack.push(this.edges.slice());
    this.edges = prev;
    this.changed(true);
  }

  redo() {
    const next = this.redoStack.pop();
    if (!next) return;
    this.undoStack.push(this.edges.slice());
    this.edges = next;
    this.changed(true);
  }
}
