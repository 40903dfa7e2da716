import { useSyncExternalStore } from 'react';

/**
 * A new version of the app, installed by its service worker and waiting for this tab's consent. The
 * old worker keeps serving the old files (the open tab's chunks included) until the customer says
 * 'Aggiorna'; then the new worker takes over and the page reloads once, on the new version.
 */
let waitingWorker: ServiceWorker | null = null;
let applying = false;
const listeners = new Set<() => void>();

export function offerUpdate(worker: ServiceWorker): void {
  waitingWorker = worker;
  for (const listener of listeners) listener();
}

/** Hands control to the waiting worker; the page reloads when it has taken over. */
export function applyUpdate(): void {
  if (!waitingWorker) return;
  // Another tab said 'Aggiorna' first: the new worker already runs, a reload is all that is left.
  if (waitingWorker.state !== 'installed') {
    window.location.reload();
    return;
  }
  applying = true;
  waitingWorker.postMessage({ type: 'SKIP_WAITING' });
}

/** True once 'Aggiorna' was chosen: only then does a change of worker reload the page. */
export function isApplyingUpdate(): boolean {
  return applying;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version waits to be applied. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waitingWorker !== null,
    () => false,
  );
}
