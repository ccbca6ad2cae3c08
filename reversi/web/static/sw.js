// The hall's service worker: precaches the client, Pyodide and the engine so that
// solo play starts without a network after one visit. Pages are network-first,
// every other file is versioned by its URL and served from the cache first.
const BUILD = /*BUILD*/{};
const CACHE = `reversi-${BUILD.version}`;
const VERSIONED = ["/app/", "/pyodide/", "/py/"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(BUILD.precache))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("reversi-") && key !== CACHE)
          .map((key) => caches.delete(key)),
      ))
      .then(() => self.clients.claim()),
  );
});

// The page shell a navigation is answered with offline: a replay (/partie/{id}) its own
// once one was loaded, else the hall's, which is precached as "/" (every page is the
// same shell; the client draws the page for the path).
/** @param {URL} url */
const shellOf = (url) => (url.pathname.startsWith("/partie/") ? "/partie/" : "/");

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  const shell = shellOf(new URL(request.url));
  try {
    const response = await fetch(request);
    // keep only a page of this build: its asset URLs are the ones in this cache
    if (response.ok && response.headers.get("X-Reversi-Build") === BUILD.version) {
      await cache.put(shell, response.clone());
    }
    return response;
  } catch (error) {
    const cached = (await cache.match(shell)) || (await cache.match("/"));
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  return cached || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(request));
  } else if (VERSIONED.some((prefix) => url.pathname.startsWith(prefix))) {
    event.respondWith(cacheFirst(request));
  }
});
