// The scoring pads' service worker (issue #18), served as /score/sw.js so that its scope
// is /score/. Installed, it keeps every file a pad needs (the list in /score/pads.json:
// pages, scripts, style, game data, texts); the pads then ask the network first, so they
// stay up to date, and fall back to what is kept when there is no network.
const CACHE = "towerplay-score-1";

self.addEventListener("install", (event) => {
  event.waitUntil(keepAll().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  event.respondWith(fromNetwork(request).catch(() =>
    caches.match(request).then((kept) => kept || Response.error())));
});

/** Every file of /score/pads.json's list, kept (one missing file spoils none of the rest). */
async function keepAll() {
  const cache = await caches.open(CACHE);
  const listing = await fetch("/score/pads.json").then((answer) => answer.json());
  await Promise.all(listing.files.map((url) => cache.add(url).catch(() => {})));
}

/** The network's answer, kept for offline use when it is a good one. */
async function fromNetwork(request) {
  const answer = await fetch(request);
  if (answer.ok) {
    const copy = answer.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return answer;
}
