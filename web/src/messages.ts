// Errors in the page's words. pzl's errors (the WebAssembly module's `last_error`: kind, file,
// place, message, hint) are written for every front end; their hints often name command-line
// options, which a browser has not. The page keeps the file, the place and the message, keeps the
// hint's parts that are not command-line advice, and otherwise says what to do here.
import { last_error, formats } from './pkg/pzl_wasm.js';

interface PzlError { kind: string; file?: string; message: string; hint?: string; at?: unknown }

/** Command-line advice: an option (`--from`) or a `pzl …` command. */
const CLI = /(^|[\s(])--[a-z]|`pzl\b|\bpzl (solve|check|info|convert|render|hint|generate|formats|merge|man)\b/;

const KIND_WORDS: Record<string, string> = {
  masyu: 'Masyu', crossword: 'crosswords', poly: 'packing puzzles', apad: 'A-Puzzle-A-Day boards', mac: 'classic Mac files',
};

/** What the page reads, from pzl's format list: kinds with a few of their extensions. */
function readable(): string {
  const byKind = new Map<string, string[]>();
  for (const f of JSON.parse(formats()) as { kind: string; extensions: string[]; read: boolean }[]) {
    if (!f.read) continue;
    const list = byKind.get(f.kind) ?? [];
    for (const e of f.extensions) if (!list.includes(`.${e}`)) list.push(`.${e}`);
    byKind.set(f.kind, list);
  }
  return [...byKind].map(([k, exts]) => `${KIND_WORDS[k] ?? k} (${exts.slice(0, 4).join(' ')}${exts.length > 4 ? ' …' : ''})`).join(', ');
}

function advice(d: PzlError): string {
  switch (d.kind) {
    case 'syntax':
      return d.at ? 'the file may be damaged, or in another format than it looks' : `open a file the page reads: ${readable()}`;
    case 'unsupported': return 'the page cannot do this with this puzzle';
    case 'limit': return 'this is past what the page handles';
    default: return '';
  }
}

const sentence = (s: string) => s.replace(/[.\s]+$/, '');

/** The message to show for `e` (thrown by the WebAssembly module or the page), about `name`. */
export function pageError(e: unknown, name = ''): string {
  const raw = e instanceof Error ? e.message : String(e);
  let d: PzlError | null = null;
  try { d = JSON.parse(last_error()); } catch { d = null; }
  if (!d || !raw.includes(d.message)) return name && !raw.startsWith(`${name}:`) ? `${name}: ${raw}` : raw;
  let text = d.hint && raw.endsWith(` (${d.hint})`) ? raw.slice(0, raw.length - d.hint.length - 3) : raw;
  // A shared link is read under the name `link`: the page just says what is wrong with it.
  if (d.file === 'link' && text.startsWith('link: ')) text = text.slice(6);
  else if (name && !d.file) text = `${name}: ${text}`;
  if (!d.file || d.file === 'link') text = text.charAt(0).toUpperCase() + text.slice(1);
  const kept = (d.hint ?? '').split(/;\s*/).filter((h) => h && !CLI.test(h));
  const more = kept.length ? kept.join('; ') : advice(d);
  return more ? `${sentence(text)}. ${more[0].toUpperCase()}${sentence(more.slice(1))}.` : text;
}
