// The service worker (static/sw.js, stamped by build.mjs with the build's version and files) and
// the "a new version is ready" prompt. The first visit installs the worker quietly; on a later
// visit the browser finds the new sw.js, the new worker precaches the new files and takes over,
// and the page (still running the old code) offers to reload into the new version.

export function registerWorker() {
  if (!('serviceWorker' in navigator) || location.protocol === 'file:') return;
  const workers = navigator.serviceWorker;
  // A worker serving this page already: the next one to take over is an update.
  let update = Boolean(workers.controller);
  workers.addEventListener('controllerchange', () => {
    if (update) offerReload();
    update = true;
  });
  workers.register('sw.js').then((reg) => reg.update()).catch(() => { /* offline, or no worker: the page works without */ });
}

function offerReload() {
  const box = document.querySelector<HTMLElement>('[data-pzl-update]');
  if (!box) return;
  box.textContent = 'A new version of pzl is ready. ';
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = 'Reload';
  b.dataset.pzlAction = 'update';
  b.dataset.pzlApp = '';
  b.onclick = () => location.reload();
  box.appendChild(b);
  box.hidden = false;
}
