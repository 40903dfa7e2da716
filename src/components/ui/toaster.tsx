import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
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

/** The error toasts on screen: they speak of the screen they were made on. */
const errorIds = new Set<string | number>();

function dismissErrors() {
  if (errorIds.size === 0) return;
  const ids = [...errorIds];
  errorIds.clear();
  void loadSonner().then(({ toast }) => ids.forEach((id) => toast.dismiss(id)));
}

/** Another screen: the error toasts of the last one go (a success may still say where it led). */
function useDismissErrorsOnNavigate() {
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    dismissErrors();
  }, [pathname]);
}

/** Typing into a field corrects what the error said: the toast goes rather than cover the field. */
function useDismissErrorsOnInput() {
  useEffect(() => {
    document.addEventListener('input', dismissErrors);
    return () => document.removeEventListener('input', dismissErrors);
  }, []);
}

/** Where toasts appear: mounted with the first one (sonner replays a toast made before it mounts). */
export function Toaster() {
  useDismissErrorsOnNavigate();
  useDismissErrorsOnInput();
  // No toast in a page the server painted (src/prerender): the app hydrates it as it is.
  const shown = useSyncExternalStore(
    subscribe,
    () => toasted,
    () => false,
  );
  return shown ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}

type Duration = keyof typeof toastDuration;
type Kind = 'success' | 'error' | 'info';

/** One outcome on screen: a newer one replaces whatever an earlier action said. */
function show(kind: Kind, message: string, duration: Duration) {
  if (!toasted) {
    toasted = true;
    listeners.forEach((listener) => listener());
  }
  void loadSonner().then(({ toast }) => {
    toast.dismiss();
    errorIds.clear();
    const id = toast[kind](message, {
      duration: toastDuration[duration],
      onDismiss: ({ id }) => void errorIds.delete(id),
      onAutoClose: ({ id }) => void errorIds.delete(id),
    });
    if (kind === 'error') errorIds.add(id);
  });
}

/** Toasts with the spec's durations: 'short' 4 s (default), 'long' 7 s. */
export const notify = {
  success: (message: string, duration: Duration = 'short') => show('success', message, duration),
  error: (message: string, duration: Duration = 'short') => show('error', message, duration),
  /** A neutral notice, neither success nor failure ('Nessuna modifica effettuata'). */
  info: (message: string, duration: Duration = 'short') => show('info', message, duration),
  /** The form refused its input under the fields: what an earlier submit said no longer holds. */
  clear: () => {
    errorIds.clear();
    if (toasted) void loadSonner().then(({ toast }) => toast.dismiss());
  },
};
