import { useEffect, useRef } from 'react';

let opened = 0;

const topEntry = (): unknown => (window.history.state as { dialog?: unknown } | null)?.dialog;

interface DialogEntry {
  key: string;
  /** Its removal, waiting a tick: an effect run again at once (React's strict mode) keeps the entry. */
  leaving?: number;
}

/**
 * An open dialog is one step of the browser's history: opening it adds an entry at the same address,
 * Back closes it instead of leaving the screen, and closing it any other way takes its entry away.
 */
export function useCloseOnBack(open: boolean, close: () => void) {
  const closeNow = useRef(close);
  const current = useRef<DialogEntry | null>(null);
  useEffect(() => {
    closeNow.current = close;
  });
  useEffect(() => {
    if (!open) return;
    let entry = current.current;
    if (entry?.leaving !== undefined) {
      window.clearTimeout(entry.leaving);
      entry.leaving = undefined;
    } else {
      entry = { key: `dialog-${++opened}` };
      current.current = entry;
      // The router's own state stays in the entry, so it sees the same place when the entry goes.
      window.history.pushState({ ...(window.history.state as object | null), dialog: entry.key }, '');
    }
    const mine = entry;
    const onBack = () => {
      if (topEntry() === mine.key) return;
      current.current = null;
      closeNow.current();
    };
    window.addEventListener('popstate', onBack);
    return () => {
      window.removeEventListener('popstate', onBack);
      if (topEntry() !== mine.key) {
        current.current = null;
        return;
      }
      mine.leaving = window.setTimeout(() => {
        current.current = null;
        if (topEntry() === mine.key) window.history.back();
      }, 0);
    };
  }, [open]);
}
