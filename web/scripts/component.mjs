// Bundle the <pzl-puzzle> element (src/component.ts and the players it renders) for the npm
// package: one ES module, component.js, beside the package's index.js and the wasm-bindgen glue
// pzl_wasm.js, which it imports (so the element and the API share one WebAssembly module). The
// page's player markup (static/index.html's <main>) and style sheet are built in.
//   node scripts/component.mjs OUT.js        (web/scripts/pack: pkg/component.js)
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The page's <main> inner markup: the player skeleton the element clones. */
export function mainHtml() {
  const html = readFileSync(join(web, 'static', 'index.html'), 'utf8');
  const m = html.match(/<main\b[^>]*>([\s\S]*)<\/main>/);
  if (!m) throw new Error('static/index.html has no <main> for the <pzl-puzzle> element to copy');
  return m[1];
}

const packageImports = {
  name: 'pzl-package-imports',
  setup(build) {
    build.onResolve({ filter: /^pzl:main-html$/ }, () => ({ path: 'main-html', namespace: 'pzl' }));
    build.onLoad({ filter: /.*/, namespace: 'pzl' }, () => ({ contents: mainHtml(), loader: 'text' }));
    // The package's own files, imported as they are, not bundled.
    build.onResolve({ filter: /\/pkg\/pzl_wasm\.js$/ }, () => ({ path: './pzl_wasm.js', external: true }));
    build.onResolve({ filter: /^\.\/wasm-init$/ }, () => ({ path: './index.js', external: true }));
  },
};

export async function buildComponent(outfile) {
  await esbuild.build({
    entryPoints: [join(web, 'src', 'component.ts')],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    outfile,
    loader: { '.css': 'text' },
    plugins: [packageImports],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = resolve(process.argv[2] || join(web, 'pkg', 'component.js'));
  await buildComponent(out);
  console.log(out);
}
