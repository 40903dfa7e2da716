import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createMerchant,
  joinAsClient,
  type CreatedMerchant,
  type Persona,
} from '../../support/personas.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/** An image as Impostazioni sends it: redrawn on the device as WebP, stored as '{slug}.png'. */
const webp = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .webp()
    .toBuffer();

const asSettingsUploads = { contentType: 'image/webp', upsert: true, cacheControl: '0' };

describe('the salon logo of Impostazioni, over HTTP', () => {
  let server: TestServer;
  let salon: { merchant: CreatedMerchant; persona: Persona };
  let neighbour: { merchant: CreatedMerchant; persona: Persona };
  let customer: Persona;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await createAdmin(server);
    salon = await createMerchant(server, admin, 'Salone Logo');
    neighbour = await createMerchant(server, admin, 'Salone Accanto');
    customer = (await joinAsClient(server, salon.merchant.slug, { name: 'Giulia Verdi' })).persona;
  });
  afterAll(() => server?.stop());

  const logoName = () => `${salon.merchant.slug}.png`;
  // The SPA's way: the object path the SQL gives, made an address by supabase-js.
  const publicLogo = async () => {
    const { publicUrl } = server.client().storage.from('loghi').getPublicUrl(logoName()).data;
    const response = await fetch(publicUrl);
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const logoUrl = async () =>
    (
      (await server.client().rpc('merchant_public', { merchant_slug: salon.merchant.slug })).data as {
        logo_url: string | null;
      }
    ).logo_url;

  it('lets the merchant upload its logo and replace it; the login page reads the new one', async () => {
    expect(await logoUrl()).toBeNull();
    const first = await webp('#a04070');
    const upload = await salon.persona.client.storage
      .from('loghi')
      .upload(logoName(), first, asSettingsUploads);
    expect(upload.error).toBeNull();
    expect(await logoUrl()).toBe(logoName());
    const firstServed = await publicLogo();
    expect(firstServed.status).toBe(200);

    const second = await webp('#305080');
    const replaced = await salon.persona.client.storage
      .from('loghi')
      .upload(logoName(), second, asSettingsUploads);
    expect(replaced.error).toBeNull();
    const secondServed = await publicLogo();
    expect(secondServed.status).toBe(200);
    expect(secondServed.bytes.equals(firstServed.bytes)).toBe(false);
    const { dominant } = await sharp(secondServed.bytes).stats();
    expect(dominant.b).toBeGreaterThan(dominant.r);
  });

  it('refuses another salon, a customer and an anonymous visitor, and keeps the logo', async () => {
    const before = await publicLogo();
    const intruders = [
      ['another merchant', neighbour.persona.client],
      ['a customer', customer.client],
      ['an anonymous visitor', server.client()],
    ] as const;
    for (const [who, client] of intruders) {
      const overwrite = await client.storage
        .from('loghi')
        .upload(logoName(), await webp('#000000'), asSettingsUploads);
      expect(overwrite.error, who).not.toBeNull();
      const removal = await client.storage.from('loghi').remove([logoName()]);
      expect(removal.data ?? [], who).toEqual([]);
    }
    // A merchant's logo has one name only: its slug.
    const elsewhere = await salon.persona.client.storage
      .from('loghi')
      .upload(`${neighbour.merchant.slug}.png`, await webp('#000000'), asSettingsUploads);
    expect(elsewhere.error).not.toBeNull();
    expect((await publicLogo()).bytes.equals(before.bytes)).toBe(true);
  });
});
