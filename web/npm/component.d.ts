// Types of the <pzl-puzzle> element (component.js). Importing `pzl/component` defines the element.
import type { Kind } from './index.js';

/** `unsolved`, `solved`, or `wrong` after a failed check. */
export type Status = 'unsolved' | 'solved' | 'wrong';

export interface PzlLoadedDetail { kind: Kind; format: string; name: string }
export interface PzlChangedDetail { kind: Kind; status: Status }
export interface PzlCheckedDetail { kind: Kind; status: Status; ok: boolean; message: string }
export interface PzlSolvedDetail { kind: Kind; format: string; name: string }
export interface PzlErrorDetail { message: string }
export interface PzlThemeDetail { theme: 'light' | 'dark' }

/**
 * `<pzl-puzzle src="puzzle.puz">`, `<pzl-puzzle data="https://puzz.link/p?mashu/…">`, or a
 * `<script type="application/octet-stream">` (base64) / `<script type="text/plain">` child.
 * Attributes: `src`, `data`, `encoding="base64"`, `name`, `format`, `readonly`, `theme`
 * (`light`, `dark`, `auto`), `actions` ("check hint solve…"), `controls` (the view's buttons:
 * "zoom print theme", or "none").
 */
export class PzlPuzzle extends HTMLElement {
  /** The opened puzzle (the WebAssembly API's object), or null before it loads. */
  readonly puzzle: unknown;
  /** The board's status. */
  readonly status: Status;
  /**
   * Do what a button does: `check`, `hint`, `solve`, `reset`, `undo`, `redo`, `replay`; the
   * view's `zoom-in`, `zoom-out`, `fit`, `print`, `theme`.
   */
  act(action: string): void;
}

declare global {
  interface HTMLElementTagNameMap { 'pzl-puzzle': PzlPuzzle }
  interface HTMLElementEventMap {
    'pzl-loaded': CustomEvent<PzlLoadedDetail>;
    'pzl-changed': CustomEvent<PzlChangedDetail>;
    'pzl-checked': CustomEvent<PzlCheckedDetail>;
    'pzl-solved': CustomEvent<PzlSolvedDetail>;
    'pzl-error': CustomEvent<PzlErrorDetail>;
    'pzl-theme': CustomEvent<PzlThemeDetail>;
  }
}
