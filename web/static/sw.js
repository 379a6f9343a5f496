// The app's service worker: the page works offline once loaded, and a new release reaches a
// returning visitor. build.mjs stamps VERSION (the package version and a hash of the built files)
// and FILES (every file of the app) below; a new build is a new sw.js, which the browser installs
// beside the old one. It precaches the new files under its own cache name, takes over at once
// (skipWaiting + clients.claim), deletes every older pzl cache, and the page offers "reload" to
// show the new version (src/update.ts).
const VERSION = 'dev'; // stamped by build.mjs
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'pzl_wasm_bg.wasm']; // stamped by build.mjs
const CACHE = `pzl-${VERSION}`;

self.addEventListener('install', (e) => {
  // `reload`: fetch every file from the network, never from the HTTP cache of an older release.
  e.waitUntil(caches.open(CACHE)
    .then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: 'reload' }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('pzl-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== location.origin) return;
  // This release's files only (ignoring ?p=… queries), then the network.
  e.respondWith(caches.open(CACHE)
    .then((c) => c.match(e.request, { ignoreSearch: true }))
    .then((hit) => hit || fetch(e.request)));
});
