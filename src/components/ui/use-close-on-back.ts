import { useEffect, useRef } from 'react';

let opened = 0;

const topEntry = (): unknown => (window.history.state as { dialog?: unknown } | null)?.dialog;

/**
 * An open dialog is one step of the browser's history: opening it adds an entry at the same address,
 * Back closes it instead of leaving the screen, and closing it any other way takes its entry away.
 */
export function useCloseOnBack(open: boolean, close: () => void) {
  const closeNow = useRef(close);
  useEffect(() => {
    closeNow.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const entry = `dialog-${++opened}`;
    // The router's own state stays in the entry, so it sees the same place when the entry goes.
    window.history.pushState({ ...(window.history.state as object | null), dialog: entry }, '');
    const onBack = () => {
      if (topEntry() !== entry) closeNow.current();
    };
    window.addEventListener('popstate', onBack);
    return () => {
      window.removeEventListener('popstate', onBack);
      if (topEntry() === entry) window.history.back();
    };
  }, [open]);
}
