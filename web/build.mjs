// Build the page: the WASM module (cargo + wasm-bindgen, unless --js-only), then the front end
// (esbuild), into dist/ (or `--out DIR`). The build is stamped: the page shows the package
// version and a hash of its code (PZL_BUILD_NOTE adds a note, e.g. a commit), and the service
// worker gets VERSION (the package version and a hash of every built file) and the list of files
// to precache, so each new build is a new worker and a new cache (static/sw.js).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, rmSync, statSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const jsOnly = process.argv.includes('--js-only');
const target = process.env.CARGO_TARGET_DIR || join(here, 'wasm', 'target');
const pkg = join(here, 'src', 'pkg');
const outAt = process.argv.indexOf('--out');
const dist = outAt > 0 ? resolve(process.argv[outAt + 1]) : join(here, 'dist');

if (!jsOnly) {
  const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, CARGO_TARGET_DIR: target } });
  run('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown'], join(here, 'wasm'));
  rmSync(pkg, { recursive: true, force: true });
  // No name section (440 KB of function names, about 0.1 MB gzipped): the page never shows them.
  run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--remove-name-section', '--out-dir', pkg,
    join(target, 'wasm32-unknown-unknown', 'release', 'pzl_wasm.wasm')], here);
}

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await esbuild.build({
  entryPoints: [join(here, 'src', 'app.ts')],
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  outfile: join(dist, 'app.js'),
  logLevel: 'warning',
});
cpSync(join(pkg, 'pzl_wasm_bg.wasm'), join(dist, 'pzl_wasm_bg.wasm'));
for (const f of ['style.css', 'manifest.webmanifest', 'icons']) cpSync(join(here, 'static', f), join(dist, f), { recursive: true });
const assets = ['app.js', 'style.css', 'pzl_wasm_bg.wasm', 'manifest.webmanifest',
  ...JSON.parse(readFileSync(join(here, 'static', 'manifest.webmanifest'), 'utf8')).icons.map((i) => i.src)];
const hash = (files) => {
  const h = createHash('sha256');
  for (const f of files) h.update(f).update('\0').update(readFileSync(join(dist, f))).update('\0');
  return h.digest('hex').slice(0, 12);
};
const version = JSON.parse(readFileSync(join(here, 'npm', 'package.json'), 'utf8')).version;
const note = process.env.PZL_BUILD_NOTE ? ` · ${process.env.PZL_BUILD_NOTE}` : '';
const label = `pzl ${version} · build ${hash(assets)}${note}`;
const stamp = (text, re, by, file) => {
  if (!re.test(text)) throw new Error(`build.mjs: ${file} lost its build stamp (${re})`);
  return text.replace(re, by);
};
const escape = (t) => t.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
writeFileSync(join(dist, 'index.html'), stamp(readFileSync(join(here, 'static', 'index.html'), 'utf8'),
  /(<[^>]*data-pzl-version[^>]*>)[^<]*</, `$1${escape(label)}<`, 'static/index.html'));
const files = ['./', 'index.html', ...assets];
const swVersion = `${version}-${hash(['index.html', ...assets])}`;
let sw = readFileSync(join(here, 'static', 'sw.js'), 'utf8');
sw = stamp(sw, /^const VERSION = .*$/m, `const VERSION = ${JSON.stringify(swVersion)};`, 'static/sw.js');
sw = stamp(sw, /^const FILES = .*$/m, `const FILES = ${JSON.stringify(files)};`, 'static/sw.js');
writeFileSync(join(dist, 'sw.js'), sw);
console.log(`${dist}: ${label}; service worker cache pzl-${swVersion}`);
const wasm = readFileSync(join(dist, 'pzl_wasm_bg.wasm'));
console.log(`dist/pzl_wasm_bg.wasm: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped; dist/app.js: ${statSync(join(dist, 'app.js')).size} bytes`);
