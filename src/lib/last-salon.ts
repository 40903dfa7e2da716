import { useSyncExternalStore } from 'react';

/** The salon last opened on this device, so the home page can lead straight back to it. */
interface LastSalon {
  slug: string;
  name: string;
}

const storageKey = 'passaparola.lastSalon';
const changeEvent = 'passaparola:last-salon';

function read(): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

export function rememberLastSalon(salon: LastSalon): void {
  const value = JSON.stringify({ slug: salon.slug, name: salon.name });
  if (read() === value) return;
  try {
    window.localStorage.setItem(storageKey, value);
  } catch {
    // Private browsing without storage: the home page then offers the search alone.
  }
  window.dispatchEvent(new Event(changeEvent));
}

function parse(value: string | null): LastSalon | null {
  if (!value) return null;
  try {
    const salon = JSON.parse(value) as Partial<LastSalon>;
    return typeof salon.slug === 'string' && typeof salon.name === 'string'
      ? { slug: salon.slug, name: salon.name }
      : null;
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(changeEvent, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(changeEvent, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The last salon used here, or null; the stored text is the snapshot, so the object stays stable. */
export function useLastSalon(): LastSalon | null {
  const value = useSyncExternalStore(subscribe, read, () => null);
  return parseCached(value);
}

let cached: { value: string | null; salon: LastSalon | null } = { value: null, salon: null };
function parseCached(value: string | null): LastSalon | null {
  if (cached.value !== value) cached = { value, salon: parse(value) };
  return cached.salon;
}
