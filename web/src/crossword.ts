// The crossword player: type letters, arrows, Tab to the next clue, the clue list following the
// cursor, rebus entry (Insert or Escape), check and reveal, a timer, print, unlock with a key.
import type { Puzzle } from './pkg/pzl_wasm.js';
import { $, board, say, setStatus, type Player } from './main';

interface Cell { block: boolean; number: number; circled: boolean; entry: string }
interface Clue { number: number; direction: string; clue: string | null; cells: number[] }
interface Xw { width: number; height: number; title: string; author: string; locked: boolean; diagramless: boolean; cells: Cell[]; clues: Clue[]; notes: string }

export class CrosswordPlayer implements Player {
  p: Puzzle;
  x!: Xw;
  entries: string[] = [];
  tds: HTMLTableCellElement[] = [];
  cur = 0;
  across = true;
  started = Date.now();
  timer = 0;
  storeKey = '';

  constructor(p: Puzzle) {
    this.p = p;
    this.load();
  }

  load() {
    this.x = JSON.parse(this.p.crossword());
    this.storeKey = `pzl-xw:${this.x.title}:${this.x.width}x${this.x.height}:${this.x.clues.map((c) => c.clue).join('|').slice(0, 200)}`;
    const saved = localStorage.getItem(this.storeKey);
    this.entries = saved ? JSON.parse(saved) : this.x.cells.map((c) => (c.block ? '' : c.entry));
    this.cur = this.x.diagramless ? 0 : this.x.cells.findIndex((c) => !c.block);
    this.draw();
    this.extras();
  }

  extras() {
    const extra = $('#extra');
    extra.innerHTML = '';
    const mk = (label: string, f: () => void, attr?: string) => {
      const b = document.createElement('button');
      b.textContent = label;
      if (attr) b.dataset.pzlXw = attr;
      b.onclick = f;
      extra.appendChild(b);
    };
    if (!this.x.locked) {
      mk('Check word', () => this.checkCells(this.word()), 'check-word');
      mk('Check cell', () => this.checkCells([this.cur]), 'check-cell');
      mk('Reveal cell', () => this.reveal([this.cur]), 'reveal-cell');
      mk('Reveal word', () => this.reveal(this.word()), 'reveal-word');
      mk('Reveal all', () => this.solve(), 'reveal-all');
    }
    mk('Print', () => this.print(), 'print');
    if (this.x.locked) {
      mk('Unlock…', () => {
        const key = prompt('The four-digit key');
        if (!key) return;
        try { this.p.crossword_unlock(key); this.load(); say('Unlocked'); } catch (e) { say((e as Error).message); }
      }, 'unlock');
    }
    const t = document.createElement('span');
    t.id = 'timer';
    extra.appendChild(t);
    window.clearInterval(this.timer);
    this.timer = window.setInterval(() => {
      const s = Math.floor((Date.now() - this.started) / 1000);
      t.textContent = ` time ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
    }, 1000);
  }

  draw() {
    const { width, height, cells } = this.x;
    const table = document.createElement('table');
    table.className = 'xw';
    this.tds = [];
    for (let r = 0; r < height; r++) {
      const tr = table.insertRow();
      for (let c = 0; c < width; c++) {
        const i = r * width + c;
        const td = tr.insertCell();
        const cell = cells[i];
        if (cell.block && !this.x.diagramless) td.className = 'block';
        else {
          td.dataset.pzlCell = '';
          td.dataset.row = String(r);
          td.dataset.col = String(c);
          if (cell.circled) td.classList.add('circled');
          td.onclick = () => { if (this.cur === i) this.across = !this.across; this.cur = i; this.show(); };
        }
        this.tds.push(td);
      }
    }
    const b = board();
    b.innerHTML = '';
    b.appendChild(table);
    b.tabIndex = 0;
    const side = $('#side');
    side.innerHTML = '';
    for (const dir of ['across', 'down']) {
      const h = document.createElement('h3');
      h.textContent = dir[0].toUpperCase() + dir.slice(1);
      const ol = document.createElement('ol');
      for (const clue of this.x.clues.filter((c) => c.direction === dir)) {
        const li = document.createElement('li');
        li.value = clue.number;
        li.textContent = clue.clue ?? '';
        li.dataset.clue = `${clue.number}${dir[0]}`;
        li.onclick = () => { this.across = dir === 'across'; this.cur = clue.cells[0]; this.show(); };
        ol.appendChild(li);
      }
      side.append(h, ol);
    }
    if (this.x.title || this.x.author) say(`${this.x.title} ${this.x.author ? '— ' + this.x.author : ''}`);
    this.show();
  }

  clueAt(i: number, across: boolean): Clue | undefined {
    return this.x.clues.find((c) => (c.direction === 'across') === across && c.cells.includes(i));
  }

  word(): number[] {
    if (this.x.diagramless) return [this.cur];
    return (this.clueAt(this.cur, this.across) ?? this.clueAt(this.cur, !this.across))?.cells ?? [this.cur];
  }

  show() {
    if (!this.clueAt(this.cur, this.across) && this.clueAt(this.cur, !this.across)) this.across = !this.across;
    const word = new Set(this.word());
    const dl = this.x.diagramless;
    this.tds.forEach((td, i) => {
      const cell = this.x.cells[i];
      if (cell.block && !dl) return;
      td.classList.toggle('word', !dl && word.has(i));
      td.classList.toggle('cur', i === this.cur);
      // Diagramless: the player places the blocks (`.`), and no numbers are shown.
      td.classList.toggle('placed-block', dl && this.entries[i] === '.');
      td.textContent = this.entries[i] === '.' ? '' : this.entries[i] || '';
      if (cell.number && !dl) { const s = document.createElement('small'); s.textContent = String(cell.number); td.prepend(s); }
    });
    const clue = this.clueAt(this.cur, this.across);
    $('#side').querySelectorAll('li').forEach((li) => li.classList.remove('cur'));
    if (clue) {
      const li = $('#side').querySelector(`li[data-clue="${clue.number}${clue.direction[0]}"]`);
      li?.classList.add('cur');
      const side = $('#side');
      if (li instanceof HTMLElement && (li.offsetTop < side.scrollTop || li.offsetTop > side.scrollTop + side.clientHeight - 30)) {
        side.scrollTop = li.offsetTop - side.clientHeight / 3;
      }
    }
  }

  save() {
    localStorage.setItem(this.storeKey, JSON.stringify(this.entries));
    const r = JSON.parse(this.p.crossword_check(JSON.stringify(this.entries), ''));
    setStatus(r.solved ? 'solved' : 'unsolved');
    if (r.solved) say('Solved!');
  }

  move(dr: number, dc: number) {
    const { width, height, cells } = this.x;
    let r = Math.floor(this.cur / width), c = this.cur % width;
    for (;;) {
      r += dr; c += dc;
      if (r < 0 || c < 0 || r >= height || c >= width) return;
      if (this.x.diagramless || !cells[r * width + c].block) { this.cur = r * width + c; return; }
    }
  }

  nextClue(back: boolean) {
    const list = this.x.clues;
    const now = this.clueAt(this.cur, this.across);
    let k = now ? list.indexOf(now) : -1;
    k = (k + (back ? -1 : 1) + list.length) % list.length;
    this.across = list[k].direction === 'across';
    this.cur = list[k].cells.find((i) => !this.entries[i]) ?? list[k].cells[0];
  }

  key(e: KeyboardEvent) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    if (k === 'ArrowRight' || k === 'ArrowLeft') {
      if (!this.across) this.across = true; else this.move(0, k === 'ArrowRight' ? 1 : -1);
    } else if (k === 'ArrowDown' || k === 'ArrowUp') {
      if (this.across) this.across = false; else this.move(k === 'ArrowDown' ? 1 : -1, 0);
    } else if (k === 'Tab' || k === 'Enter') this.nextClue(e.shiftKey);
    else if (k === ' ') this.across = !this.across;
    else if (k === 'Backspace' || k === 'Delete') {
      if (!this.entries[this.cur] && k === 'Backspace') this.step(-1);
      this.entries[this.cur] = '';
      this.save();
    } else if (k === 'Insert' || k === 'Escape') {
      const v = prompt('Rebus entry (several letters in this cell)', this.entries[this.cur] || '');
      if (v !== null) { this.entries[this.cur] = v.toUpperCase(); this.save(); }
    } else if (k === '.' && this.x.diagramless) {
      this.entries[this.cur] = this.entries[this.cur] === '.' ? '' : '.';
      this.save();
    } else if (/^[a-zA-Z0-9]$/.test(k)) {
      this.entries[this.cur] = k.toUpperCase();
      this.step(1);
      this.save();
    } else return;
    e.preventDefault();
    this.show();
  }

  step(d: number) {
    const w = this.word();
    const k = w.indexOf(this.cur) + d;
    if (k >= 0 && k < w.length) this.cur = w[k];
  }

  checkCells(cells: number[]) {
    const r = JSON.parse(this.p.crossword_check(JSON.stringify(this.entries), JSON.stringify(cells)));
    this.tds.forEach((td) => td.classList.remove('bad'));
    for (const i of r.wrong) this.tds[i].classList.add('bad');
    return r;
  }

  check() {
    if (this.x.locked) {
      const r = JSON.parse(this.p.crossword_check(JSON.stringify(this.entries), ''));
      setStatus(r.solved ? 'solved' : 'wrong');
      say(r.solved ? 'Correct (checked against the scrambled checksum)' : 'Not correct yet');
      return;
    }
    const r = this.checkCells([]);
    if (r.solved) { setStatus('solved'); say('Correct: the grid is solved'); }
    else { setStatus(r.wrong.length ? 'wrong' : 'unsolved'); say(`${r.wrong.length} wrong, ${r.empty.length} empty`); }
    this.show();
  }

  reveal(cells: number[]) {
    const answers: string[] = JSON.parse(this.p.crossword_reveal(JSON.stringify(cells)));
    cells.forEach((i, k) => { this.entries[i] = answers[k]; });
    this.save();
    this.show();
  }

  solve() {
    if (this.x.locked) { say('the solution is locked: unlock it with its key first'); return; }
    this.reveal(this.x.cells.map((_, i) => i).filter((i) => !this.x.cells[i].block));
    if (this.x.diagramless) { this.x.cells.forEach((c, i) => { if (c.block) this.entries[i] = '.'; }); this.save(); this.show(); }
  }

  reset() {
    this.entries = this.x.cells.map(() => '');
    this.started = Date.now();
    this.save();
    this.show();
  }

  print() {
    try {
      const html = this.p.render('html', '', true);
      const w = window.open('', '_blank');
      if (w) { w.document.write(html); w.document.close(); w.print(); }
      else say('allow pop-ups to print');
    } catch (e) { say((e as Error).message); }
  }
}
