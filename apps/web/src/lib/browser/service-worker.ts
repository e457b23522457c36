/**
 * Spec section 2: a service worker is registered at /sw.js with scope / and registration
 * failures are ignored (section 8: "Service worker unsupported: an error that is ignored").
 */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): void {
  if (!container) return;
  const register = () => {
    container.register('/sw.js', { scope: '/' }).catch(() => {
      // Ignored by design: the app works the same without the worker.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
