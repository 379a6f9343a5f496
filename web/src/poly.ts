// Packing puzzles: the puzzle and its solutions (count, step through, distinct only).
import type { Puzzle } from './pkg/pzl_wasm.js';
import { $, board, say, sayError, setStatus, type Player } from './main';

/** How many solutions the page keeps to step through (the count is always the whole one). */
const SHOWN = 200;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export class PolyPlayer implements Player {
  p: Puzzle;
  svgs: string[] = [];
  index = 0;
  total = 0;
  exact = true;

  constructor(p: Puzzle) {
    this.p = p;
    const b = board();
    b.classList.add('poly');
    try { b.innerHTML = p.render('svg', '', false); } catch { b.textContent = p.render('text', '', false); }
    b.querySelector('svg')?.setAttribute('role', 'img');
    b.querySelector('svg')?.setAttribute('aria-label', 'the packing puzzle: its board and pieces');
    const info = JSON.parse(p.info());
    say(info.title);
    const extra = $('#extra');
    extra.innerHTML = `<label><input type="checkbox" id="poly-distinct" checked> distinct only</label>
      <button data-poly="prev" aria-label="Previous solution">◀</button> <button data-poly="next" aria-label="Next solution">▶</button> <span id="poly-count"></span>`;
    (extra.querySelector('[data-poly="prev"]') as HTMLButtonElement).onclick = () => this.go(-1);
    (extra.querySelector('[data-poly="next"]') as HTMLButtonElement).onclick = () => this.go(1);
  }

  check() {
    const r = JSON.parse(this.p.check());
    setStatus(r.ok ? 'unsolved' : 'wrong');
    say(r.ok ? r.verdict : r.problems.map((x: { rule: string; message: string }) => `[${x.rule}] ${x.message}`).join('; '));
  }

  solve() {
    const distinct = ($('#poly-distinct') as HTMLInputElement).checked;
    const t0 = performance.now();
    try {
      const r = JSON.parse(this.p.solve(JSON.stringify({ all: true, distinct, svg: true, timeout: 20, show: SHOWN })));
      const ms = performance.now() - t0;
      (window as any).pzlLastSolveMs = ms;
      this.svgs = r.svgs;
      this.index = 0;
      // The solver's count of every solution it found; not exact when the time ran out.
      const count: { value: number; exact: boolean } = r.report.count ?? { value: r.found ?? r.svgs.length, exact: true };
      this.total = count.value;
      this.exact = count.exact;
      const c = $('#poly-count');
      c.dataset.count = String(count.value);
      c.dataset.exact = String(count.exact);
      c.dataset.shown = String(this.svgs.length);
      const kind = distinct ? 'distinct solution' : 'solution';
      const what = count.exact ? plural(count.value, kind) : `at least ${plural(count.value, kind)} (the search stopped after 20 s)`;
      if (r.report.outcome === 'timed-out') say('No solution found within 20 s [timed-out]');
      else if (r.report.outcome === 'no-solution') say(`No solution [no-solution]${r.report.reason ? `: ${r.report.reason}` : ''}`);
      else say(`${what[0].toUpperCase()}${what.slice(1)}, found in ${ms.toFixed(0)} ms${this.svgs.length < count.value ? `; the first ${this.svgs.length} can be shown` : ''}`);
      this.show();
    } catch (e) { sayError(e); }
  }

  go(d: number) {
    if (!this.svgs.length) return;
    this.index = (this.index + d + this.svgs.length) % this.svgs.length;
    this.show();
  }

  show() {
    if (!this.svgs.length) { setStatus('unsolved'); return; }
    board().innerHTML = this.svgs[this.index];
    board().querySelector('svg')?.setAttribute('role', 'img');
    board().querySelector('svg')?.setAttribute('aria-label', `solution ${this.index + 1}`);
    const of = `${this.exact ? '' : 'at least '}${this.total}`;
    $('#poly-count').textContent = `solution ${this.index + 1} of ${of}${this.svgs.length < this.total ? ` (first ${this.svgs.length} shown)` : ''}`;
    setStatus('solved');
  }
}
