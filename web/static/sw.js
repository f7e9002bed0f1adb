// m44's service worker (issue 13, Web Push): shows the server's "your
// turn" push messages as notifications, and a click opens the game's page
// (or brings an open one forward). It caches nothing and handles no fetch.
// The message is the server's JSON (docs/web-api.md, "Web Push"):
// {"type":"your-turn","game","seat","title","body","url"}.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

self.addEventListener('push', (e) => {
  let m = {};
  try { m = e.data ? e.data.json() : {}; } catch { m = {}; }
  const title = typeof m.title === 'string' && m.title ? m.title : 'm44';
  e.waitUntil(self.registration.showNotification(title, {
    body: typeof m.body === 'string' ? m.body : '',
    tag: 'm44-turn-' + (m.game || ''),
    renotify: true,
    icon: '/favicon.svg',
    data: { url: typeof m.url === 'string' ? m.url : '/' },
  }));
});

self.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const url = new URL((e.notification.data && e.notification.data.url) || '/', self.location.origin);
  if (url.origin !== self.location.origin) return; // this server's pages only
  e.waitUntil((async () => {
    const wins = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const w of wins) {
      if (new URL(w.url).pathname === url.pathname && 'focus' in w) return w.focus();
    }
    return self.clients.openWindow(url.href);
  })());
});
