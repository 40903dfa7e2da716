import { useSyncExternalStore } from 'react';

/** A customer may belong to several salons: the one they last signed in, registered or switched to. */
const storageKey = 'passaparola.currentMerchantSlug';
const changeEvent = 'passaparola:current-merchant';

export function getCurrentMerchantSlug(): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/** The salon the client area is about: the chosen one if the customer still belongs to it, else her first. */
export function chosenMembership<Membership extends { merchant_slug: string }>(
  memberships: Membership[],
  chosenSlug: string | null,
): Membership | undefined {
  return memberships.find((membership) => membership.merchant_slug === chosenSlug) ?? memberships[0];
}

export function setCurrentMerchantSlug(merchantSlug: string): void {
  try {
    window.localStorage.setItem(storageKey, merchantSlug);
  } catch {
    // Private browsing without storage: the slug then comes from the account's first salon.
  }
  window.dispatchEvent(new Event(changeEvent));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(changeEvent, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(changeEvent, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The chosen salon's slug, re-rendering when it changes here or in another tab. */
export function useCurrentMerchantSlug(): string | null {
  return useSyncExternalStore(subscribe, getCurrentMerchantSlug, () => null);
}
