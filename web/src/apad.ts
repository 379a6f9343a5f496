// A-Puzzle-A-Day: pick a date (and weekday), see how many solutions it has, step through them.
import type { Puzzle } from './pkg/pzl_wasm.js';
import { apad_solve } from './pkg/pzl_wasm.js';
import { $, board, say, sayError, setStatus, type Player } from './main';

const COLOURS = ['#e6194b', '#3cb44b', '#ffe119', '#4363d8', '#f58231', '#911eb4', '#46f0f0', '#f032e6', '#bcf60c', '#fabebe', '#008080'];

interface Solved { width: number; height: number; labels: (string | null)[]; count: number; complete: boolean; boards: number[][]; key: string; ms: number }

export class ApadPlayer implements Player {
  p: Puzzle | null;
  edition: string;
  solved: Solved | null = null;
  index = 0;

  constructor(p: Puzzle | null, edition = 'classic') {
    this.p = p;
    this.edition = edition;
    const b = board();
    b.innerHTML = '';
    b.dataset.kind = 'apad';
    setStatus('unsolved');
    if (p) {
      const info = JSON.parse(p.info());
      try { b.innerHTML = p.render('svg', '', false); } catch { b.textContent = p.render('text', '', false); }
      b.querySelector('svg')?.setAttribute('role', 'img');
      b.querySelector('svg')?.setAttribute('aria-label', info.title || 'the board');
      if (!b.innerHTML) b.textContent = info.title;
      say(`${info.title} — pick a date to see its solutions`);
    }
    const form = document.createElement('form');
    form.id = 'apad-form';
    const today = new Date();
    form.innerHTML = `<label>Edition <select id="apad-edition"><option>classic</option><option>weekday</option></select></label>
      <label>Date <input type="date" id="apad-date" data-pzl-date value="${today.toISOString().slice(0, 10)}"></label>
      <label>Weekday <select id="apad-weekday"><option value="">(the date's)</option>${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((d) => `<option>${d}</option>`).join('')}</select></label>
      <button>Solve</button>
      <label>Hint for piece <select id="apad-piece"></select></label> <button type="button" data-apad="prev" aria-label="Previous solution">◀</button> <button type="button" data-apad="next" aria-label="Next solution">▶</button> <span id="apad-count"></span>`;
    $('#extra').innerHTML = '';
    $('#extra').appendChild(form);
    ($('#apad-edition') as HTMLSelectElement).value = edition;
    form.onsubmit = (e) => { e.preventDefault(); this.solve(); };
    (form.querySelector('[data-apad="prev"]') as HTMLButtonElement).onclick = () => this.go(-1);
    (form.querySelector('[data-apad="next"]') as HTMLButtonElement).onclick = () => this.go(1);
    if (!p) this.solve();
  }

  solve() {
    const edition = ($('#apad-edition') as HTMLSelectElement).value;
    const value = ($('#apad-date') as HTMLInputElement).value; // yyyy-mm-dd
    const weekday = ($('#apad-weekday') as HTMLSelectElement).value;
    const [y, m, d] = value.split('-').map(Number);
    try {
      const t0 = performance.now();
      this.solved = JSON.parse(apad_solve(edition, `${m}-${d}`, weekday, y || new Date().getFullYear()));
      (window as any).pzlLastSolveMs = performance.now() - t0;
      this.index = 0;
      this.show();
    } catch (e) { sayError(e); }
  }

  /** Where one chosen piece goes in the solution shown (the others left off). */
  hint() {
    const s = this.solved;
    if (!s?.count) { say('pick a date with solutions first'); return; }
    const piece = Number(($('#apad-piece') as HTMLSelectElement).value);
    this.show(piece);
    say(`Piece ${piece + 1} goes here (solution ${this.index + 1} of ${s.count})`);
  }

  go(d: number) {
    if (!this.solved?.count) return;
    this.index = (this.index + d + this.solved.count) % this.solved.count;
    this.show();
  }

  show(only = -1) {
    const s = this.solved;
    if (!s) return;
    // Every solution places the same pieces: the first one tells how many (a date may have
    // thousands of solutions, too many to spread into Math.max).
    const pieces = (s.boards[0] ?? []).reduce((m, v) => Math.max(m, v), -1) + 1;
    const select = $('#apad-piece') as HTMLSelectElement;
    if (select.options.length !== pieces) {
      select.innerHTML = Array.from({ length: pieces }, (_, k) => `<option value="${k}">${k + 1}</option>`).join('');
    }
    const count = $('#apad-count');
    count.dataset.count = String(s.count);
    const atLeast = s.complete === false ? 'at least ' : '';
    count.textContent = s.count ? `solution ${this.index + 1} of ${atLeast}${s.count}` : 'no solution';
    say(`${s.key}: ${atLeast}${s.count} solution${s.count === 1 ? '' : 's'}`);
    const cells = s.boards[this.index] ?? s.labels.map((l) => (l === null ? -2 : -1));
    const table = document.createElement('table');
    table.className = 'apad';
    table.setAttribute('role', 'img');
    table.setAttribute('aria-label', s.count
      ? `solution ${this.index + 1}: the pieces leave ${s.labels.filter((l, i) => l !== null && cells[i] === -1).join(' and ')} uncovered`
      : 'the board');
    for (let r = 0; r < s.height; r++) {
      const tr = table.insertRow();
      for (let c = 0; c < s.width; c++) {
        const i = r * s.width + c;
        const td = tr.insertCell();
        const v = cells[i];
        if (v === -2 || s.labels[i] === null) td.className = 'none';
        else if (v === -1) { td.className = 'hole'; td.textContent = s.labels[i] ?? ''; }
        else if (only < 0 || v === only) td.style.background = COLOURS[v % COLOURS.length];
        else td.className = 'other';
      }
    }
    const b = board();
    b.innerHTML = '';
    b.appendChild(table);
    setStatus(s.count ? 'solved' : 'unsolved');
  }
}
