// Keep the page working offline once loaded: cache-first for the app's own files.
const CACHE = 'pzl-v1';
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'pzl_wasm_bg.wasm'];
self.addEventListener('install', (e) => e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES))));
self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (url.origin !== location.origin) return;
  e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request)));
});
