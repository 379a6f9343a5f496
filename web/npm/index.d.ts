// Types of the pzl JavaScript API (index.js).

/** Where the WebAssembly module comes from, when not from beside index.js. */
export type WasmSource = URL | string | Response | BufferSource | WebAssembly.Module;

/** Load the WebAssembly module once; every other function needs it loaded. */
export function init(source?: WasmSource): Promise<void>;

/** A file's bytes: a Uint8Array, an ArrayBuffer, a typed array or text. */
export type FileData = Uint8Array | ArrayBuffer | ArrayBufferView | string;

export type Kind = 'masyu' | 'crossword' | 'apad' | 'poly' | 'mac';

export interface Problem {
  rule: string;
  message: string;
  [detail: string]: unknown;
}

export interface CheckReport {
  ok: boolean;
  verdict?: string;
  problems: Problem[];
  notes: string[];
  facts?: Record<string, unknown>;
  [detail: string]: unknown;
}

export interface Info {
  kind: Kind;
  format: string;
  title?: string;
  facts: Record<string, unknown>;
  [detail: string]: unknown;
}

export interface SolveOptions {
  /** Seconds before giving up. */
  timeout?: number;
  /** Every solution rather than the first (up to `limit`). */
  all?: boolean;
  /** Leave out solutions that are rotations or reflections of another. */
  distinct?: boolean;
  limit?: number;
  /** Count the solutions only. */
  count?: boolean;
  /** Solve by deductions a person would make (Masyu), and grade the puzzle. */
  human?: boolean;
  /** Record the reasoning as a JSON Lines trace. */
  trace?: boolean;
  /** Draw each solution as SVG (`svgs`). */
  svg?: boolean;
  /** How many of the solutions found to return as files and drawings (200 when not given). */
  show?: number;
}

/** A count of solutions: `exact` is false when the search stopped early ("at least `value`"). */
export interface SolveCount {
  value: number;
  exact: boolean;
}

export interface SolveReport {
  /** `solved`, `no-solution`, `timeout`… */
  outcome: string;
  unique?: boolean;
  /** With `count` or `all`: how many solutions, and whether the search saw them all. */
  count?: SolveCount;
  [detail: string]: unknown;
}

export interface SolveResult {
  report: SolveReport;
  /** The solved files, in the puzzle's own format: the first `shown` of the `found`. */
  solutions: string[];
  /** How many solutions the solver returned (the real count is `report.count`). */
  found: number;
  /** How many of them are in `solutions` (at most `show`). */
  shown: number;
  /** Their drawings, when `svg: true`. */
  svgs: string[];
  /** Masyu: each solution's edges. */
  edges: EdgeState[][];
  /** The JSON Lines trace, when `trace: true`. */
  trace?: string | null;
}

/** A Masyu edge: not decided, part of the loop, or crossed out. */
export type EdgeState = 'unknown' | 'line' | 'cross';

export interface MasyuBoard {
  width: number;
  height: number;
  /** One string per row: `.` empty, `W` white pearl, `B` black pearl. */
  rows: string[];
  /** Every edge's state. */
  edges: EdgeState[];
  /** Every edge's two cells, `[row1, col1, row2, col2]`. */
  ends: [number, number, number, number][];
}

export interface FormatInfo {
  name: string;
  kind: Kind;
  description: string;
  extensions: string[];
  read: boolean;
  write: boolean;
  [detail: string]: unknown;
}

export interface RenderOptions {
  /** One puzzle of a collection. */
  select?: string;
  /** The print-ready page with its clues (crosswords; needs a build with the `pdf` feature). */
  withClues?: boolean;
}

/** A puzzle file opened by pzl. */
export class Puzzle {
  private constructor();
  readonly kind: Kind;
  readonly format: string;
  readonly name: string;
  readonly warnings: string[];
  info(): Info;
  check(): CheckReport;
  render(picture?: 'svg' | 'text', options?: RenderOptions): string;
  write(format: string): Uint8Array;
  solve(options?: SolveOptions): SolveResult;
  masyu(): MasyuBoard;
  hint(): Record<string, unknown>;
  free(): void;
}

/** Open a puzzle file; errors (`Error`) say what was expected where. */
export function open(data: FileData, name?: string, options?: { format?: string }): Puzzle;
/** Open a puzzle shared as text: a puzz.link URL, a Tatham id, a TootSweet string… */
export function openText(text: string): Puzzle;
/** Every format pzl knows. */
export function formats(): FormatInfo[];

export interface ApadSolutions {
  width: number;
  height: number;
  labels: (string | null)[];
  count: number;
  complete: boolean;
  key: string;
  /** Each solution: one piece number per square, -1 uncovered, -2 not on the board. */
  boards: number[][];
  ms: number;
}

/** A-Puzzle-A-Day: every solution for a date. */
export function apadSolve(
  date: string,
  options?: { edition?: 'classic' | 'weekday'; weekday?: string; year?: number },
): ApadSolutions;
