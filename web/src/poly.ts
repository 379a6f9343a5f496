// Packing puzzles: the puzzle and its solutions (count, step through, distinct only).
import type { Puzzle } from './pkg/pzl_wasm.js';
import { $, board, say, setStatus, type Player } from './main';

export class PolyPlayer implements Player {
  p: Puzzle;
  svgs: string[] = [];
  index = 0;

  constructor(p: Puzzle) {
    this.p = p;
    const b = board();
    b.classList.add('poly');
    try { b.innerHTML = p.render('svg', '', false); } catch { b.textContent = p.render('text', '', false); }
    const info = JSON.parse(p.info());
    say(info.title);
    const extra = $('#extra');
    extra.innerHTML = `<label><input type="checkbox" id="poly-distinct" checked> distinct only</label>
      <button data-poly="prev">◀</button> <button data-poly="next">▶</button> <span id="poly-count"></span>`;
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
      const r = JSON.parse(this.p.solve(JSON.stringify({ all: true, distinct, svg: true, timeout: 20 })));
      const ms = performance.now() - t0;
      (window as any).pzlLastSolveMs = ms;
      this.svgs = r.svgs;
      this.index = 0;
      const c = $('#poly-count');
      c.dataset.count = String(this.svgs.length);
      const found = r.report.count ?? r.solutions.length;
      say(`${JSON.stringify(found)} ${distinct ? 'distinct ' : ''}solution(s) (${r.report.outcome}) in ${ms.toFixed(0)} ms; ${this.svgs.length} shown`);
      this.show();
    } catch (e) { say((e as Error).message); }
  }

  go(d: number) {
    if (!this.svgs.length) return;
    this.index = (this.index + d + this.svgs.length) % this.svgs.length;
    this.show();
  }

  show() {
    if (!this.svgs.length) { setStatus('unsolved'); return; }
    board().innerHTML = this.svgs[this.index];
    $('#poly-count').textContent = `solution ${this.index + 1} of ${this.svgs.length}`;
    setStatus('solved');
  }
}
