// Share links for every file the page opens. A puzzle opened from text (a puzz.link URL, a Tatham
// id, pzl-pack text…) keeps its readable `?p=TEXT` link, and so does a text file (a .pack, a Tatham
// or puzz.link .txt, an .ipuz…) when that link opens the very same bytes — pzl reads the text
// alone (no name) as the same format, the file is its trimmed text and one newline (what `?p=`
// opens), and the link is short enough to read (TEXT_LIMIT). Any other file — binary ones: .puz,
// .jpz, Mac files, APAD boards, archives; big text — travels in the link's fragment, compressed:
//   #f=NAME:DATA            DATA = base64url(deflate-raw(the file's bytes)), NAME URI-encoded
//   #f=NAME:DATA:MEMBER     the same, opening one member of an archive or disk image
// A fragment never reaches a server, so a shared puzzle stays between the people who share it.
// Opening the link opens the very same bytes. Links are limited to LIMIT characters (8 KB), which
// every browser, chat program and mail client carries; a bigger file is refused with a message.
// Compression is the browser's own CompressionStream('deflate-raw') — no library to download,
// native speed, in every current browser (Chromium 103, Firefox 113, Safari 16.4).
import { open_text } from './pkg/pzl_wasm.js';
import { $, say } from './main';

/** The longest share link the page makes, in characters. */
export const LIMIT = 8192;
/** The longest readable `?p=` link made for a text file; a longer one goes compressed in `#f=`. */
export const TEXT_LIMIT = 2048;

/** What is open: a file (its format as pzl read it), or text opened from a link or pasted. */
export type Source = { bytes: Uint8Array; name: string; member?: string; format?: string } | { text: string };

let current: Source | null = null;
let fromLink = false;

const button = () => document.querySelector<HTMLButtonElement>('[data-pzl-action="share"]');

/** What is open now (null: nothing to share); clears the last link shown. */
export function remember(source: Source | null) {
  current = source;
  // Another file opened after a #f= link: the address bar no longer names what is open.
  if (!fromLink && location.hash.startsWith('#f=')) history.replaceState(null, '', location.pathname + location.search);
  fromLink = false;
  const b = button();
  if (b) b.hidden = !source;
  const out = document.querySelector('[data-pzl-share]');
  if (out) out.innerHTML = '';
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

function base64url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function unbase64url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('the data holds characters base64url does not use');
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/**
 * The text a `?p=` link carries for the file `source`, when opening that link gives the very same
 * bytes and the same format (pzl's `open_text` reads the trimmed text and one newline, without
 * the file's name); null otherwise.
 */
function textOf(source: { bytes: Uint8Array; member?: string; format?: string }): string | null {
  if (source.member || !source.format) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(source.bytes);
  } catch {
    return null; // not UTF-8: a binary file
  }
  const trimmed = text.trim();
  if (!trimmed || text !== `${trimmed}\n` || /[\0-\x08\x0e-\x1f]/.test(trimmed)) return null;
  try {
    const p = open_text(trimmed);
    const same = p.format() === source.format;
    p.free();
    return same ? trimmed : null;
  } catch {
    return null;
  }
}

/** The share link for `source`, on the page at `base`. */
export async function linkFor(source: Source, base = location.href): Promise<string> {
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  if ('text' in source) {
    url.searchParams.set('p', source.text);
    return url.href;
  }
  const text = textOf(source);
  if (text !== null) {
    url.searchParams.set('p', text);
    if (url.href.length <= TEXT_LIMIT) return url.href;
    url.search = '';
  }
  const data = base64url(await through(source.bytes, new CompressionStream('deflate-raw')));
  const member = source.member ? `:${encodeURIComponent(source.member)}` : '';
  url.hash = `f=${encodeURIComponent(source.name)}:${data}${member}`;
  return url.href;
}

/** The file in a `#f=` fragment (without `#f=`). Throws, saying why, when it is damaged. */
export async function fileOf(fragment: string): Promise<{ name: string; bytes: Uint8Array; member: string }> {
  const [name, data, member = '', ...rest] = fragment.split(':');
  if (data === undefined || rest.length) throw new Error('expected #f=NAME:DATA');
  let bytes: Uint8Array;
  try {
    bytes = await through(unbase64url(data), new DecompressionStream('deflate-raw'));
  } catch (e) {
    throw new Error(`its data does not decompress (${(e as Error).message || e}); it may be cut short`);
  }
  return { name: decodeURIComponent(name) || 'shared file', bytes, member: decodeURIComponent(member) };
}

/** Open the file of a `#f=` link, if the page was opened with one: true when it was. */
export async function openShared(openBytes: (bytes: Uint8Array, name: string, member?: string) => void): Promise<boolean> {
  if (!location.hash.startsWith('#f=')) return false;
  try {
    const { name, bytes, member } = await fileOf(location.hash.slice(3));
    fromLink = true;
    openBytes(bytes, name, member);
  } catch (e) {
    say(`This share link is damaged: ${(e as Error).message}. Ask for the link again, or for the file.`);
  }
  return true;
}

/** Make the link for what is open, show it, put it in the address bar and on the clipboard. */
export async function share() {
  if (!current) return;
  const out = $('[data-pzl-share]');
  out.innerHTML = '';
  let link: string;
  try {
    link = await linkFor(current);
  } catch (e) {
    say(`No share link: ${(e as Error).message}`);
    return;
  }
  if (link.length > LIMIT) {
    say(`This puzzle is too big to share as a link: share links are limited to 8 KB (${LIMIT.toLocaleString('en')} characters), and this one would be ${link.length.toLocaleString('en')}. Send the file itself instead.`);
    return;
  }
  const field = document.createElement('input');
  field.readOnly = true;
  field.value = link;
  field.size = 40;
  field.dataset.pzlShareLink = '';
  field.setAttribute('aria-label', 'Share link');
  field.onfocus = () => field.select();
  out.appendChild(field);
  history.replaceState(null, '', link);
  let copied = false;
  try { await navigator.clipboard.writeText(link); copied = true; } catch { /* no clipboard (permissions): the field shows it */ }
  say(`Share link ready (${link.length.toLocaleString('en')} characters)${copied ? ', copied to the clipboard' : ''}: whoever opens it gets this very file.`);
}

/** The Share button, and `#f=` links pasted into the address bar of an open page. */
export function wireShare(openBytes: (bytes: Uint8Array, name: string, member?: string) => void) {
  button()?.addEventListener('click', () => { share(); });
  window.addEventListener('hashchange', () => { openShared(openBytes); });
}
