/* Passaparola's service worker: the app shell opens offline; data never comes from a cache.
   The build (vite.config.ts) fills in the version and the list of files to precache. */
const VERSION = '__VERSION__';
const PRECACHE = self.__PRECACHE__;
const CACHE = `passaparola-shell-${VERSION}`;
const SHELL = '/';

/* Live data: always the network, never cached. */
const NEVER_CACHED = ['/rest/', '/auth/', '/storage/', '/realtime/'];

const OFFLINE_PAGE = `<!doctype html><html lang="it"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Sei offline · Passaparola</title>
<style>body{font-family:system-ui,sans-serif;background:#fbf7f5;color:#2b1a23;display:grid;place-items:center;min-height:100vh;margin:0;padding:1.5rem;text-align:center}
h1{color:#8a2c55}button{font:inherit;min-height:44px;padding:0 1.25rem;border:0;border-radius:.5rem;background:#8a2c55;color:#fff}</style></head>
<body><main><h1>Sei offline</h1><p>Passaparola non riesce a raggiungere la rete. Controlla la connessione e riprova.</p>
<button type="button" onclick="location.reload()">Riprova</button></main></body></html>`;

/* A new version waits until the page says 'Aggiorna' (src/pwa/app-update.ts): until then the old
   worker keeps serving the open tab the files it was built with, so no chunk goes missing. */
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request, cacheKey) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(cacheKey, response.clone());
    return response;
  } catch {
    const cached = await cache.match(cacheKey);
    if (cached) return cached;
    if (request.mode === 'navigate') {
      return new Response(OFFLINE_PAGE, {
        status: 503,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    }
    return Response.error();
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (NEVER_CACHED.some((prefix) => url.pathname.startsWith(prefix))) return;

  // Every page is the same index.html: fresh when online, the cached shell offline.
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL));
    return;
  }
  if (url.pathname === '/config.js') {
    event.respondWith(networkFirst(request, '/config.js'));
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    event.respondWith(cacheFirst(request));
  }
});

/* Phone notifications (server/push): the server sends { title, body, url }; a tap opens that screen,
   in a tab of the app already open when there is one. */
const NOTIFICATION_ICON = '/icons/icon-192.png';

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const url =
    typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/client/prenota';
  event.waitUntil(
    self.registration.showNotification(message.title || 'Passaparola', {
      body: message.body || 'Hai un nuovo messaggio sulle tue prenotazioni',
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      lang: 'it',
      tag: url,
      data: { url },
    }),
  );
});

async function openScreen(url) {
  const target = new URL(url, self.location.origin).href;
  const [open] = await self.clients.matchAll({ type: 'window' });
  if (!open) return self.clients.openWindow(target);
  const focused = open.focus().catch(() => open);
  await open.navigate(target);
  return focused;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url ?? '/client/prenota';
  event.waitUntil(openScreen(url));
});
