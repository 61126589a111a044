// The table page's service worker: keeps the page, its script and the score table on the phone
// so the page opens and scores without a connection. Results are never kept here: the page
// queues them in IndexedDB and sends them itself (a result is removed only once acknowledged).
// The page carries its messages in the phone's language, so the copy kept speaks it offline.
const CACHE = "bridgescore-table-3";
const SHELL = ["/t/", "/t/app.js", "/t/app.css", "/t/manifest.webmanifest", "/t/icon.svg",
               "/t/api/scores"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith("/t/")) return;
  const shell = request.mode === "navigate" ? "/t/" : url.pathname;
  if (!SHELL.includes(shell)) return; // the table's state and travellers: the network only
  // Network first, so a new version arrives when there is a connection; the copy otherwise.
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok && request.mode !== "navigate") {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(shell, copy));
        }
        return response;
      })
      .catch(() => caches.match(shell).then((found) => found || Response.error()))
  );
});
