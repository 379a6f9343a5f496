// Load the WebAssembly module once (the <pzl-puzzle> element's loader in this source tree). In the
// npm package, scripts/component.mjs points this import at the package's own `init` (index.js), so
// the element and the API share one module.
import initGlue from './pkg/pzl_wasm.js';

let loading: Promise<unknown> | null = null;

export function init(source?: unknown): Promise<unknown> {
  loading ??= initGlue(source === undefined ? undefined : { module_or_path: source as string });
  return loading;
}
