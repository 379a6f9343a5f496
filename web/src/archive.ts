// Mac archives and disk images in the page (StuffIt, Compact Pro, HFS, HFS+, MFS, DiskCopy 4.2,
// .img.gz, also in BinHex or MacBinary): a dropped one lists its members, and choosing a member
// opens it like a file (a MacPoly puzzle inside, a crossword…). The listing and the reading are
// pzl's (`container_info`, `open_member` in the WASM module); this file only draws the list.
import { container_info } from './pkg/pzl_wasm.js';
import { $, board, say } from './main';

interface Member { path: string; folder: boolean; file_type: string; creator: string; data_len: number; rsrc_len: number; method?: string | null }
interface ContainerInfo { format: string; title: string; facts: { files?: number; folders?: number; members?: Member[] } }

/**
 * When `bytes` is an archive or disk image, show its members and return true; `choose(path)` opens
 * one. False for any other file. Throws pzl's error for a damaged archive.
 */
export function listMembers(bytes: Uint8Array, name: string, choose: (member: string) => void): boolean {
  const info: ContainerInfo | null = JSON.parse(container_info(bytes, name));
  if (!info) return false;
  const members = info.facts.members ?? [];
  document.querySelector('#intro')?.remove();
  const b = board();
  b.innerHTML = '';
  b.dataset.kind = 'archive';
  b.dataset.status = 'unsolved';
  $('#side').innerHTML = '';
  $('#extra').innerHTML = '';
  $('#replay').hidden = true;
  $('#actions').hidden = true;
  $('#title').textContent = `${name} — ${info.title}`;
  const files = members.filter((m) => !m.folder).length;
  say(files ? `${files} file${files === 1 ? '' : 's'} inside: choose one to open it` : 'This archive holds no files');
  const list = document.createElement('ul');
  list.className = 'members';
  list.dataset.pzlMembers = '';
  list.setAttribute('aria-label', `Files in ${name}`);
  for (const m of members) {
    const li = document.createElement('li');
    const depth = m.path.split('/').length - 1;
    li.style.paddingLeft = `${depth * 1.2}em`;
    const leaf = m.path.slice(m.path.lastIndexOf('/') + 1);
    if (m.folder) {
      li.textContent = `📁 ${leaf}/`;
    } else {
      const open = document.createElement('button');
      open.type = 'button';
      open.textContent = leaf;
      open.dataset.pzlMember = m.path;
      open.title = `Open ${m.path}`;
      open.onclick = () => choose(m.path);
      const facts = document.createElement('small');
      facts.textContent = ` '${m.file_type}'/'${m.creator}', data ${m.data_len} bytes, resources ${m.rsrc_len} bytes${m.method ? `, ${m.method}` : ''}`;
      li.append(open, facts);
    }
    list.appendChild(li);
  }
  b.appendChild(list);
  return true;
}

/** After a member is opened: a button in the title back to the archive's list. */
export function backToList(name: string, reopen: () => void) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = `◀ files in ${name}`;
  b.dataset.pzlMembersBack = '';
  b.onclick = reopen;
  $('#title').append(' ', b);
}
