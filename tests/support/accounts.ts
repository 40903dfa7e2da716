import { confirmAddress } from './personas.ts';
import type { TestClient, TestServer } from './test-server.ts';

/** Sign-in details, as a person types them. */
export interface Account {
  email: string;
  password: string;
}

/** The platform administrator the browser tests' server creates at start (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const adminAccount: Account = { email: 'admin@passaparola.test', password: 'admin-password-1' };

/** The server with the built SPA and that administrator. */
export const appServerOptions = {
  config: { adminEmail: adminAccount.email, adminPassword: adminAccount.password },
};

/** A supabase-js client signed in with e-mail and password through /auth/v1, as the app signs in. */
export async function signedIn(server: TestServer, account: Account): Promise<TestClient> {
  const client = server.client();
  const { error } = await client.auth.signInWithPassword(account);
  if (error) throw new Error(`sign-in of ${account.email}: ${error.message}`);
  return client;
}

/** The administrator creates a salon with this login through the api, as the admin screen does. */
export async function createSalonAccount(
  server: TestServer,
  merchant: Account & { name: string },
): Promise<{ slug: string; name: string }> {
  const admin = await signedIn(server, adminAccount);
  const { data, error } = await admin.rpc('admin_create_merchant', { ...merchant, phone: '3331234567' });
  await admin.auth.signOut();
  if (error) throw new Error(`admin_create_merchant: ${error.message}`);
  return data as { slug: string; name: string };
}

/**
 * Registers a customer with this login through the api, as the registration screen does, and confirms
 * her address as the e-mailed link would, unless `unconfirmed`; its client code.
 */
export async function joinSalonAccount(
  server: TestServer,
  input: Account & {
    merchantSlug: string;
    name: string;
    sponsorCode?: string;
    phone?: string;
    unconfirmed?: boolean;
  },
): Promise<string> {
  const { data, error } = await server.client().rpc('join_merchant', {
    merchant_slug: input.merchantSlug,
    privacy_accepted: true,
    name: input.name,
    email: input.email,
    password: input.password,
    phone: input.phone ?? null,
    sponsor_code: input.sponsorCode ?? null,
  });
  if (error) throw new Error(`join_merchant: ${error.message}`);
  const joined = data as { client_code: string; user_id: string };
  if (!input.unconfirmed) await confirmAddress(server, joined.user_id);
  return joined.client_code;
}
