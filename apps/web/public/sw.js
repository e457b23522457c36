/* Herald Cloud service worker (spec section 2). It caches nothing on purpose: the dashboard
 * shows live data, and hashed assets are cached by the browser's HTTP cache. */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', () => {
  // Network pass-through: by not calling event.respondWith the browser performs the request
  // itself, exactly as without a worker (same credentials, redirects, streaming, and test
  // tools that intercept page requests still see them).
});
