import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastDuration } from '@/lib/texts';

/** sonner and its toaster are downloaded with the first toast, not with every page. */
const loadSonner = () => import('@/components/ui/sonner-toaster');
const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.SonnerToaster })));

let toasted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Where toasts appear: mounted with the first one (sonner replays a toast made before it mounts). */
export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => toasted);
  return shown ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}

type Duration = keyof typeof toastDuration;
type Kind = 'success' | 'error' | 'info';

function show(kind: Kind, message: string, duration: Duration) {
  if (!toasted) {
    toasted = true;
    listeners.forEach((listener) => listener());
  }
  void loadSonner().then(({ toast }) => toast[kind](message, { duration: toastDuration[duration] }));
}

/** Toasts with the spec's durations: 'short' 4 s (default), 'long' 7 s. */
export const notify = {
  success: (message: string, duration: Duration = 'short') => show('success', message, duration),
  error: (message: string, duration: Duration = 'short') => show('error', message, duration),
  /** A neutral notice, neither success nor failure ('Nessuna modifica effettuata'). */
  info: (message: string, duration: Duration = 'short') => show('info', message, duration),
};
