// The crossword player: type letters, arrows, Tab to the next clue, the clue list following the
// cursor, rebus entry (Insert or Escape), check and reveal, a timer, print, unlock with a key.
// Letters arrive through a real (invisible) text input on the cursor cell, so a phone raises its
// keyboard; a screen reader hears each cell ("14 Across, letter 3 of 5, empty") and the clue.
import type { Puzzle } from './pkg/pzl_wasm.js';
import { $, board, say, sayError, setStatus, type Player } from './main';

type Side = 'top' | 'right' | 'bottom' | 'left';
interface Cell { block: boolean; number: number; circled: boolean; entry: string; bars?: Side[]; shade?: string; void?: boolean; label?: string; marks?: Mark[]; given?: boolean }
/** A label the file prints at a corner or side of a cell (a rows garden's `L1`). */
interface Mark { place: string; text: string }
/** A run of inline markup: byte offsets into the clue's UTF-8 text (as the library gives them). */
interface Span { style: 'italic' | 'bold' | 'underline' | 'strike' | 'sub' | 'sup'; start: number; end: number }
interface Clue { number: number; direction: string; clue: string | null; cells: number[]; list?: string; label?: string; enumeration?: string; markup?: Span[] }

const SPAN_TAGS: Record<Span['style'], string> = { italic: 'i', bold: 'b', underline: 'u', strike: 's', sub: 'sub', sup: 'sup' };

/** The clue text with its markup as elements (`<i>`, `<b>`…); plain text when it has none. */
function markedUp(text: string, spans: Span[] = []): Node {
  if (spans.length === 0) return document.createTextNode(text);
  const bytes = new TextEncoder().encode(text);
  const decode = (a: number, b: number) => new TextDecoder().decode(bytes.subarray(a, b));
  const cuts = [...new Set([0, bytes.length, ...spans.flatMap((s) => [s.start, s.end])])]
    .filter((c) => c >= 0 && c <= bytes.length)
    .sort((a, b) => a - b);
  const out = document.createDocumentFragment();
  for (let k = 0; k + 1 < cuts.length; k++) {
    const [a, b] = [cuts[k], cuts[k + 1]];
    let node: Node = document.createTextNode(decode(a, b));
    for (const s of spans.filter((s) => s.start <= a && s.end >= b)) {
      const el = document.createElement(SPAN_TAGS[s.style] ?? 'span');
      el.append(node);
      node = el;
    }
    out.append(node);
  }
  return out;
}
interface Xw { width: number; height: number; title: string; author: string; locked: boolean; diagramless: boolean; cells: Cell[]; clues: Clue[]; notes: string }

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** The current player's answer to the board being zoomed (the input follows its cell). */
let onZoom: (() => void) | null = null;

export class CrosswordPlayer implements Player {
  p: Puzzle;
  x!: Xw;
  entries: string[] = [];
  tds: HTMLTableCellElement[] = [];
  shown: string[] = [];
  lis: HTMLLIElement[] = [];
  input!: HTMLInputElement;
  cur = 0;
  across = true;
  started = Date.now();
  timer = 0;
  storeKey = '';
  lastClue: Clue | undefined;
  /** The clue the live region last read out (its text is said once, when the cursor enters it). */
  spokenClue: Clue | undefined | null = null;
  /** The clues in the order the lists show them (Tab's order). */
  order: Clue[] = [];
  /** Each cell's across and down clue (looked up on every key, so made once). */
  acrossOf: (Clue | undefined)[] = [];
  downOf: (Clue | undefined)[] = [];

  constructor(p: Puzzle) {
    this.p = p;
    this.load();
  }

  load() {
    this.x = JSON.parse(this.p.crossword());
    this.acrossOf = [];
    this.downOf = [];
    for (const clue of this.x.clues) {
      // Clues of other lists (rows, a diagonal) are listed, not walked by the arrow keys.
      if (clue.direction !== 'across' && clue.direction !== 'down') continue;
      const of = clue.direction === 'across' ? this.acrossOf : this.downOf;
      for (const i of clue.cells) of[i] ??= clue;
    }
    this.storeKey = `pzl-xw:${this.x.title}:${this.x.width}x${this.x.height}:${this.x.clues.map((c) => c.clue).join('|').slice(0, 200)}`;
    const saved = localStorage.getItem(this.storeKey);
    this.entries = saved ? JSON.parse(saved) : this.x.cells.map((c) => (c.block ? '' : c.entry));
    // Given letters are the puzzle's: they stay whatever was saved.
    this.x.cells.forEach((c, i) => { if (c.given) this.entries[i] = c.entry; });
    this.cur = this.x.diagramless ? 0 : this.x.cells.findIndex((c) => this.playable(c));
    this.draw();
    this.extras();
  }

  /** A cell a letter goes in (diagramless puzzles: every cell but a void). */
  playable(c: Cell | undefined) {
    return !!c && !c.void && (this.x.diagramless || !c.block);
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
    // Print is the page's own button (data-pzl-action="print"); it keeps its crossword name.
    $('[data-pzl-action="print"]').dataset.pzlXw = 'print';
    if (this.x.locked) {
      mk('Unlock…', () => {
        const key = prompt('The four-digit key');
        if (!key) return;
        try { this.p.crossword_unlock(key); this.load(); say('Unlocked'); } catch (e) { sayError(e); }
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

  /** The clue's number as the file prints it. */
  clueName(c: Clue) {
    return `${c.label ?? c.number} ${capital(c.list ?? c.direction)}`;
  }

  draw() {
    const { width, height, cells } = this.x;
    const dl = this.x.diagramless;
    const table = document.createElement('table');
    table.className = 'xw';
    table.setAttribute('role', 'grid');
    table.setAttribute('aria-label', `${this.x.title || 'Crossword'}: ${width} by ${height}`);
    this.tds = [];
    this.shown = [];
    for (let r = 0; r < height; r++) {
      const tr = table.insertRow();
      for (let c = 0; c < width; c++) {
        const i = r * width + c;
        const td = tr.insertCell();
        const cell = cells[i];
        if (cell.void) td.className = 'void';
        else if (cell.block && !dl) td.className = 'block';
        else {
          td.dataset.pzlCell = '';
          td.dataset.row = String(r);
          td.dataset.col = String(c);
          if (cell.circled) td.classList.add('circled');
          // A second click on the cursor's cell turns the direction (the first one only takes it).
          td.onclick = () => {
            if (this.cur === i && this.focused()) this.across = !this.across;
            this.cur = i;
            this.show();
            this.focus();
          };
        }
        for (const side of cell.bars ?? []) td.classList.add(`bar-${side}`);
        if (cell.shade && !cell.void) td.style.setProperty('--shade', cell.shade);
        this.tds.push(td);
      }
    }
    const b = board();
    b.innerHTML = '';
    b.appendChild(table);
    b.removeAttribute('tabindex');
    // The input letters are typed into: on the cursor cell, invisible, always the focus target.
    const input = document.createElement('input');
    input.className = 'xw-input';
    input.id = 'xw-input';
    input.type = 'text';
    input.setAttribute('inputmode', 'text');
    input.setAttribute('autocapitalize', 'characters');
    input.setAttribute('autocomplete', 'off');
    input.setAttribute('autocorrect', 'off');
    input.spellcheck = false;
    input.setAttribute('enterkeyhint', 'next');
    input.addEventListener('keydown', (e) => this.key(e));
    input.addEventListener('input', () => this.typed());
    // Coming into the grid: its clue is said again.
    input.addEventListener('focus', () => { this.spokenClue = null; this.announce(); });
    b.appendChild(input);
    this.input = input;
    table.addEventListener('click', () => this.focus());
    if (onZoom) b.removeEventListener('pzl-zoom', onZoom);
    onZoom = () => this.place();
    b.addEventListener('pzl-zoom', onZoom);

    const side = $('#side');
    side.innerHTML = '';
    // The current clue, shown; a screen reader hears it through the page's live region (#live).
    const now = document.createElement('p');
    now.id = 'xw-clue';
    side.appendChild(now);
    this.spokenClue = null;
    // Clues in their lists (the file's own titles, else Across and Down), in file order.
    const lists = new Map<string, Clue[]>();
    for (const clue of this.x.clues) {
      const name = clue.list ?? capital(clue.direction);
      lists.set(name, [...(lists.get(name) ?? []), clue]);
    }
    this.lis = [];
    this.order = [...lists.values()].flat();
    let k = 0;
    for (const [name, clues] of lists) {
      const h = document.createElement('h2');
      h.textContent = name;
      h.id = `xw-list-${k++}`;
      const ol = document.createElement('ol');
      ol.setAttribute('aria-labelledby', h.id);
      for (const clue of clues) {
        const li = document.createElement('li');
        const n = document.createElement('span');
        n.className = 'n';
        n.textContent = clue.label ?? String(clue.number);
        const text = document.createElement('span');
        text.append(markedUp(clue.clue ?? '', clue.markup), clue.enumeration ? ` ${clue.enumeration}` : '');
        li.append(n, text);
        li.dataset.clue = `${clue.number}${clue.direction[0]}`;
        li.dataset.clueIndex = String(this.x.clues.indexOf(clue));
        li.onclick = () => {
          this.across = clue.direction === 'across';
          this.cur = clue.cells.find((i) => this.playable(this.x.cells[i])) ?? clue.cells[0];
          this.show();
          this.focus();
        };
        ol.appendChild(li);
        this.lis[this.x.clues.indexOf(clue)] = li;
      }
      side.append(h, ol);
    }
    if (this.x.title || this.x.author) say(`${this.x.title} ${this.x.author ? '— ' + this.x.author : ''}`);
    this.show();
  }

  /** Put the keyboard focus on the input (a phone raises its keyboard). */
  focus() {
    this.input.focus({ preventScroll: true });
  }

  clueAt(i: number, across: boolean): Clue | undefined {
    return (across ? this.acrossOf : this.downOf)[i];
  }

  word(): number[] {
    if (this.x.diagramless) return [this.cur];
    return (this.clueAt(this.cur, this.across) ?? this.clueAt(this.cur, !this.across))?.cells ?? [this.cur];
  }

  /** How a screen reader names cell `i`: its clue, its place in the answer, its letter. */
  cellLabel(i: number, clue: Clue | undefined) {
    const letter = this.entries[i] && this.entries[i] !== '.' ? this.entries[i] : 'empty';
    if (!clue || this.x.diagramless) {
      const w = this.x.width;
      return `row ${Math.floor(i / w) + 1}, column ${(i % w) + 1}, ${this.entries[i] === '.' ? 'block' : letter}`;
    }
    return `${this.clueName(clue)}, letter ${clue.cells.indexOf(i) + 1} of ${clue.cells.length}, ${letter}`;
  }

  show() {
    if (!this.clueAt(this.cur, this.across) && this.clueAt(this.cur, !this.across)) this.across = !this.across;
    const word = new Set(this.word());
    const dl = this.x.diagramless;
    this.tds.forEach((td, i) => {
      const cell = this.x.cells[i];
      if (!this.playable(cell)) return;
      td.classList.toggle('word', !dl && word.has(i));
      td.classList.toggle('cur', i === this.cur);
      // Diagramless: the player places the blocks (`.`), and no numbers are shown.
      td.classList.toggle('placed-block', dl && this.entries[i] === '.');
      td.classList.toggle('given', !!cell.given);
      // Only what changed is rewritten: this runs on every key.
      const letter = this.entries[i] === '.' ? '' : this.entries[i] || '';
      const label = this.cellLabel(i, this.clueAt(i, this.across) ?? this.clueAt(i, !this.across));
      if (this.shown[i] === label + letter) return;
      this.shown[i] = label + letter;
      // The cell's text is its letter; the corner number (or the file's label) is drawn by the
      // style sheet from data-n, so a screen reader's name for the cell (its aria-label, which
      // ends with the letter) holds all the text the cell shows.
      td.textContent = letter;
      // The file's labels at the cell's other corners and sides, drawn small where the file
      // puts them (the screen reader's name is the clue's: these are decoration).
      for (const mark of cell.marks ?? []) {
        const span = td.appendChild(document.createElement('span'));
        span.className = `mark ${mark.place}`;
        span.setAttribute('aria-hidden', 'true');
        span.textContent = mark.text;
      }
      const corner = cell.label ?? (cell.number ? String(cell.number) : '');
      if (corner && !dl) td.dataset.n = corner;
      else delete td.dataset.n;
      td.setAttribute('aria-label', label);
    });
    const clue = this.clueAt(this.cur, this.across);
    this.lis.forEach((li) => li?.classList.remove('cur'));
    if (clue) {
      const li = this.lis[this.x.clues.indexOf(clue)];
      li?.classList.add('cur');
      const side = $('#side');
      if (li && (li.offsetTop < side.scrollTop || li.offsetTop > side.scrollTop + side.clientHeight - 30)) {
        side.scrollTop = li.offsetTop - side.clientHeight / 3;
      }
    }
    // The clue is announced when the cursor enters another word; the cell always labels the input.
    if (clue !== this.lastClue) {
      this.lastClue = clue;
      const now = $('#xw-clue');
      if (now) now.textContent = clue ? this.clueText(clue) : '';
    }
    this.place();
    this.announce();
  }

  /** The input sits on the cursor cell and is named after it. */
  place() {
    const td = this.tds[this.cur];
    const input = this.input;
    if (!td || !input) return;
    input.style.left = `${td.offsetLeft}px`;
    input.style.top = `${td.offsetTop}px`;
    input.style.width = `${td.offsetWidth}px`;
    input.style.height = `${td.offsetHeight}px`;
    input.setAttribute('aria-label', this.cellLabel(this.cur, this.clueAt(this.cur, this.across)));
  }

  /** Whether the letters' input has the keyboard focus. */
  focused() {
    return (this.input.getRootNode() as Document | ShadowRoot).activeElement === this.input;
  }

  /** The live region (#live) follows the cursor while the grid has the focus. */
  announce() {
    if (!this.input || !this.focused()) return;
    const clue = this.clueAt(this.cur, this.across);
    const label = this.cellLabel(this.cur, clue);
    // Said as the cursor moves (a focused input's new name is not always read out): the clue
    // when the cursor enters another word, then the cell ("1 Across: Heart (5). Letter 1 of 5,
    // empty"); within the word, the cell only.
    let said = label;
    if (clue && clue !== this.spokenClue && !this.x.diagramless) {
      const cell = this.cellLabel(this.cur, clue).slice(this.clueName(clue).length + 2);
      said = `${this.clueText(clue)}. ${capital(cell)}`;
    }
    this.spokenClue = clue;
    const live = $('#live');
    if (live && live.textContent !== said) live.textContent = said;
  }

  /** The clue as the page shows it: "1 Across: Heart (5)". */
  clueText(c: Clue) {
    return `${this.clueName(c)}: ${c.clue ?? ''}${c.enumeration ? ` ${c.enumeration}` : ''}`;
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
      if (this.playable(cells[r * width + c])) { this.cur = r * width + c; return; }
    }
  }

  /**
   * To the next clue (back: the previous one), round from the last to the first, except for
   * Tab (`leave`): past the last clue (before the first) it answers false and the focus leaves
   * the grid, so the keyboard is never trapped in it.
   */
  nextClue(back: boolean, leave = false): boolean {
    const list = this.order;
    if (!list.length) return false;
    const now = this.clueAt(this.cur, this.across);
    let k = now ? list.indexOf(now) : -1;
    if (leave && ((back && k === 0) || (!back && k === list.length - 1))) return false;
    k = (k + (back ? -1 : 1) + list.length) % list.length;
    this.across = list[k].direction === 'across';
    this.cur = list[k].cells.find((i) => !this.entries[i]) ?? list[k].cells[0];
    return true;
  }

  /** A letter (or several, pasted or from a phone's keyboard) typed into the input. */
  typed() {
    const text = this.input.value;
    this.input.value = '';
    let any = false;
    for (const ch of text) {
      if (this.x.cells[this.cur].given) { this.step(1); continue; }
      if (ch === '.' && this.x.diagramless) { this.entries[this.cur] = this.entries[this.cur] === '.' ? '' : '.'; any = true; continue; }
      if (!/^[\p{L}\p{N}]$/u.test(ch)) continue;
      this.entries[this.cur] = ch.toUpperCase();
      this.step(1);
      any = true;
    }
    if (any) { this.save(); this.show(); }
  }

  key(e: KeyboardEvent) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    if (k === 'ArrowRight' || k === 'ArrowLeft') {
      if (!this.across) this.across = true; else this.move(0, k === 'ArrowRight' ? 1 : -1);
    } else if (k === 'ArrowDown' || k === 'ArrowUp') {
      if (this.across) this.across = false; else this.move(k === 'ArrowDown' ? 1 : -1, 0);
    } else if (k === 'Tab' || k === 'Enter') {
      if (!this.nextClue(e.shiftKey, k === 'Tab')) return;
    }
    else if (k === ' ') this.across = !this.across;
    else if (this.x.cells[this.cur].given && (k === 'Backspace' || k === 'Delete' || /^[\p{L}\p{N}.]$/u.test(k))) {
      // A given letter cannot be changed: typing moves on, Backspace moves back, Delete stays.
      if (k !== 'Delete') this.step(k === 'Backspace' ? -1 : 1);
    } else if (k === 'Insert' || k === 'Escape') {
      if (this.x.cells[this.cur].given) return;
      const v = prompt('Rebus entry (several letters in this cell)', this.entries[this.cur] || '');
      if (v !== null) { this.entries[this.cur] = v.toUpperCase(); this.save(); }
    } else if (k === 'Backspace' || k === 'Delete') {
      if (!this.entries[this.cur] && k === 'Backspace') this.step(-1);
      this.entries[this.cur] = '';
      this.save();
    } else if (k === '.' && this.x.diagramless) {
      this.entries[this.cur] = this.entries[this.cur] === '.' ? '' : '.';
      this.save();
    } else if (/^[\p{L}\p{N}]$/u.test(k)) {
      this.entries[this.cur] = k.toUpperCase();
      this.step(1);
      this.save();
    } else return; // anything else (a phone's keyboard says `Unidentified`) arrives as `input`
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
    if (cells.length) say(r.wrong.length ? `${r.wrong.length} wrong` : r.empty.length ? `Right so far, ${r.empty.length} empty` : 'Right');
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
    if (this.x.locked) { say('The solution is locked: unlock it with its key first'); return; }
    this.reveal(this.x.cells.map((_, i) => i).filter((i) => !this.x.cells[i].block && !this.x.cells[i].void));
    if (this.x.diagramless) { this.x.cells.forEach((c, i) => { if (c.block) this.entries[i] = '.'; }); this.save(); this.show(); }
  }

  reset() {
    this.entries = this.x.cells.map(() => '');
    this.started = Date.now();
    this.save();
    this.show();
  }
}
