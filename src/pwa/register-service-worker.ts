import { isApplyingUpdate, offerUpdate } from '@/pwa/app-update';

/** How often an open tab asks the server whether a new version was deployed. */
const updateCheckInterval = 30 * 60_000;

/** Offers the new version once its worker is installed, if an older one controls this page. */
function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const offerIfWaiting = () => {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  };
  offerIfWaiting();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerIfWaiting();
    });
  });
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, updateCheckInterval);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Installs the service worker of the built app (it caches the app shell, never the APIs). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // The first worker's clients.claim() also changes the controller: only a chosen update reloads.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (isApplyingUpdate()) window.location.reload();
  });
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(watchForUpdates)
      .catch((error: unknown) => {
        console.warn('service worker registration failed', error);
      });
  });
}
