import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { whoamiQueryOptions } from '@/features/auth/api/get-whoami';
import {
  merchantPublicQueryOptions,
  merchantPublicSchema,
  type MerchantPublic,
} from '@/features/merchants/api/get-merchant-public';
import { storedSessionUserId } from '@/lib/offline-snapshot';

/** What api.whoami answers to a visitor who is not signed in. */
const signedOut = { user_id: null, email: null, is_platform_admin: false, merchant: null, clients: [] };

/** A salon's login page as a visitor not signed in opens it: the salon known, nobody signed in. */
export function seedSignedOutLoginPage(client: QueryClient, merchant: MerchantPublic): void {
  client.setQueryData(merchantPublicQueryOptions(merchant.slug).queryKey, merchant);
  client.setQueryData(whoamiQueryOptions().queryKey, signedOut);
}

/** The data block server/ paints a salon's login page from (server/spa/login-page.ts): absent on a static host. */
const prerenderedDataId = 'merchant-public-data';

/**
 * The salon's login page the server painted the document with, put in the cache before the first
 * render for a visitor with no session on this device (one with a session may be sent to her area):
 * the app renders what is already on the screen. True when the document holds the login of its path.
 */
export function seedPrerenderedLoginPage(client: QueryClient): boolean {
  const text = document.getElementById(prerenderedDataId)?.textContent;
  if (!text || storedSessionUserId()) return false;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return false;
  }
  const merchant = merchantPublicSchema.safeParse(json);
  if (!merchant.success || !merchant.data) return false;
  const own = [paths.merchantLogin.href(merchant.data.slug), paths.clientLogin.href(merchant.data.slug)];
  if (!own.includes(window.location.pathname.replace(/(.)\/$/, '$1'))) return false;
  seedSignedOutLoginPage(client, merchant.data);
  return true;
}
