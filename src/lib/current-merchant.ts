/** A customer may belong to several salons: the one they last signed in or registered through. */
const storageKey = 'passaparola.currentMerchantSlug';

export function getCurrentMerchantSlug(): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

export function setCurrentMerchantSlug(merchantSlug: string): void {
  try {
    window.localStorage.setItem(storageKey, merchantSlug);
  } catch {
    // Private browsing without storage: the slug then comes from the account's first salon.
  }
}
