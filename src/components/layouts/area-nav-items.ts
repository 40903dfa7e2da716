import type { LucideIcon } from 'lucide-react';

export interface AreaNavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Shown in the phone's bottom bar; the others sit in the 'Altro' sheet. */
  primary?: boolean;
  /** A count drawn over the icon (e.g. reservations waiting for an answer). */
  badge?: number;
}

/** The most items a phone's bottom bar holds, 'Altro' or 'Esci' included. */
export const bottomBarSlots = 5;

/**
 * How a phone shows an area: every item and 'Esci' in the bar when they fit; otherwise the primary
 * items (at most four) plus 'Altro', which opens a sheet with the rest and 'Esci'.
 */
export function splitForPhone(items: AreaNavItem[]): { bar: AreaNavItem[]; more: AreaNavItem[] | null } {
  if (items.length + 1 <= bottomBarSlots) return { bar: items, more: null };
  const bar = items.filter((item) => item.primary).slice(0, bottomBarSlots - 1);
  return { bar, more: items.filter((item) => !bar.includes(item)) };
}

/**
 * A bottom-bar label that may break with a hyphen where Italian allows it ('Registra-zioni',
 * 'Prenota-zioni'), instead of mid-syllable or past its cell on a 320 px phone.
 */
export function breakableLabel(label: string): string {
  return label.replace(/(\p{L}{4,})(zioni|menti|stiche|tuali)\b/gu, '$1\u00AD$2');
}
