// Build the page: the WASM module (cargo + wasm-bindgen, unless --js-only), then the front end
// (esbuild), into dist/.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, statSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const jsOnly = process.argv.includes('--js-only');
const target = process.env.CARGO_TARGET_DIR || join(here, 'wasm', 'target');
const pkg = join(here, 'src', 'pkg');

if (!jsOnly) {
  const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, CARGO_TARGET_DIR: target } });
  run('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown'], join(here, 'wasm'));
  rmSync(pkg, { recursive: true, force: true });
  run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', pkg,
    join(target, 'wasm32-unknown-unknown', 'release', 'pzl_wasm.wasm')], here);
  // Shrunk as the npm package's (scripts/pack): about 10 % smaller gzipped, so the page loads
  // under 1 MB. About 100 s of one core; PZL_WASM_OPT=0 leaves it out for a quicker local build.
  if (process.env.PZL_WASM_OPT !== '0') {
    const wasm = join(pkg, 'pzl_wasm_bg.wasm');
    run(join(here, 'node_modules', '.bin', 'wasm-opt'), ['-Oz', '--enable-bulk-memory', '--enable-nontrapping-float-to-int',
      '--enable-sign-ext', '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue', wasm, '-o', wasm], here);
  }
}

const dist = join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await esbuild.build({
  entryPoints: [join(here, 'src', 'main.ts')],
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  outfile: join(dist, 'app.js'),
  logLevel: 'warning',
});
cpSync(join(pkg, 'pzl_wasm_bg.wasm'), join(dist, 'pzl_wasm_bg.wasm'));
for (const f of ['index.html', 'style.css', 'sw.js']) cpSync(join(here, 'static', f), join(dist, f));
const wasm = readFileSync(join(dist, 'pzl_wasm_bg.wasm'));
console.log(`dist/pzl_wasm_bg.wasm: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped; dist/app.js: ${statSync(join(dist, 'app.js')).size} bytes`);
