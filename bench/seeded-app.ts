// The built SPA (`npx vite build` first, or BENCH_STATIC_DIR) on a fresh in-memory database with one salon (its
// public page furnished), its merchant and one customer: what the browser benchmarks open.
import sharp from 'sharp';
import { startAppServer } from '../tests/support/app-server.ts';
import type { TestServer } from '../tests/support/test-server.ts';

export interface Account {
  email: string;
  password: string;
}

export interface SeededApp {
  server: TestServer;
  url: string;
  slug: string;
  merchant: Account;
  customer: Account;
  /** The public and sign-in routes a visitor opens first. */
  publicRoutes: Record<string, string>;
  /** Three signed-in screens, with whom to sign in. */
  signedInRoutes: Record<string, { path: string; account: Account }>;
  /**
   * JavaScript for a page of the app's origin that stores `account`'s session in localStorage as
   * supabase-js keeps it, and for the customer the salon she signed in at, as the app keeps it
   * (src/lib/current-merchant.ts): a returning visitor (a string: bench/ is type-checked without the
   * DOM's types).
   */
  sessionScript(account: Account): Promise<string>;
  stop(): Promise<void>;
}

const admin = { email: 'admin@passaparola.test', password: 'admin-password-1' };

/** What the salon's public page shows: address, logo, two operators with photos and four treatments. */
async function furnishSalonPage(server: TestServer, merchant: Account): Promise<void> {
  const salon = server.client();
  const signIn = await salon.auth.signInWithPassword(merchant);
  if (signIn.error) throw new Error(`merchant sign-in: ${signIn.error.message}`);
  const call = async (fn: string, args: Record<string, unknown>) => {
    const { data, error } = await salon.rpc(fn, args);
    if (error) throw new Error(`${fn}: ${error.message}`);
    return data as { id?: string; slug?: string };
  };
  const upload = async (bucket: string, path: string, background: string) => {
    const image = await sharp({ create: { width: 160, height: 160, channels: 3, background } })
      .webp()
      .toBuffer();
    const { error } = await salon.storage.from(bucket).upload(path, image, { contentType: 'image/webp' });
    if (error) throw new Error(`upload ${path}: ${error.message}`);
  };
  const { id, slug } = await call('merchant_profile', {});
  await call('set_salon_address', { address: 'Via Roma 1, 20121 Milano' });
  await upload('loghi', `${slug}.png`, '#8a2c55');
  for (const name of ['Anna', 'Bea']) {
    await upload('operatori', `${id}/${name}.webp`, '#c06080');
    await call('add_operator', { name, image_path: `${id}/${name}.webp` });
  }
  for (const [name, duration_minutes, price] of [
    ['Manicure', 45, 35.5],
    ['Piega', 30, 25],
    ['Pulizia viso', 60, 55],
    ['Taglio donna', 60, 45],
  ] as const)
    await call('add_treatment', { name, description: `${name} su misura`, duration_minutes, price });
  await salon.auth.signOut();
}

export async function startSeededApp(): Promise<SeededApp> {
  const server = await startAppServer({
    config: {
      adminEmail: admin.email,
      adminPassword: admin.password,
      // Another build to compare with (e.g. an older commit's dist/); this checkout's dist/ otherwise.
      ...(process.env.BENCH_STATIC_DIR ? { staticDir: process.env.BENCH_STATIC_DIR } : {}),
    },
  });
  const merchant = { email: 'aurora@salone.test', password: 'aurora-password' };
  const customer = { email: 'giulia@cliente.test', password: 'giulia-password' };
  const client = server.client();
  const signIn = await client.auth.signInWithPassword(admin);
  if (signIn.error) throw new Error(`admin sign-in: ${signIn.error.message}`);
  const created = await client.rpc('admin_create_merchant', {
    name: 'Bellezza Aurora',
    phone: '3331234567',
    ...merchant,
  });
  if (created.error) throw new Error(`admin_create_merchant: ${created.error.message}`);
  await client.auth.signOut();
  const { slug } = created.data as { slug: string };
  const joined = await server.client().rpc('join_merchant', {
    merchant_slug: slug,
    privacy_accepted: true,
    name: 'Giulia Rossi',
    phone: null,
    sponsor_code: null,
    marketing_accepted: false,
    ...customer,
  });
  if (joined.error) throw new Error(`join_merchant: ${joined.error.message}`);
  await furnishSalonPage(server, merchant);
  return {
    server,
    url: server.url,
    slug,
    merchant,
    customer,
    publicRoutes: {
      home: '/',
      'merchant login': `/merchant/${slug}`,
      'customer login': `/${slug}/login`,
      registration: `/${slug}`,
    },
    signedInRoutes: {
      'customer Crediti': { path: '/client/crediti', account: customer },
      'merchant Registrazioni': { path: '/dashboard/registrazioni', account: merchant },
      'merchant Agenda': { path: '/dashboard/agenda', account: merchant },
    },
    async sessionScript(account) {
      const { data, error } = await server.client().auth.signInWithPassword(account);
      if (error || !data.session) throw new Error(`sign-in: ${error?.message}`);
      const key = `sb-${new URL(server.url).hostname.split('.')[0]}-auth-token`;
      const salon =
        account === customer
          ? `; localStorage.setItem('passaparola.currentMerchantSlug', ${JSON.stringify(slug)})`
          : '';
      return `localStorage.clear(); localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(JSON.stringify(data.session))})${salon}`;
    },
    stop: () => server.stop(),
  };
}
