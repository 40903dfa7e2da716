import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMerchant, type Persona } from '../../support/personas.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const siteUrl = 'https://prenota.example.com';
const evilName = '</script><script>alert(1)</script> & "Bella"';

/** The page's HTML entities back to text (those the server writes). */
const decoded = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/** The content of each <meta> with that name or property, decoded. */
const metaContents = (html: string, key: string) =>
  [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)]
    .filter((match) => match[1] === key)
    .map((match) => decoded(match[2]!));

const jsonLdBlocks = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

describe("a salon's page as link previews and search engines read it (raw HTML, no browser)", () => {
  let server: TestServer;
  let folder: string;
  let admin: Persona;

  const html = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    return response.text();
  };

  const openSalon = async (name: string) => {
    const { merchant, persona } = await createMerchant(server, admin, name);
    const call = async (fn: string, args: Record<string, unknown>) => {
      const { error } = await persona.client.rpc(fn, args);
      if (error) throw new Error(`${fn}: ${error.message}`);
    };
    return { merchant, call };
  };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'passaparola-salon-meta-'));
    await copyFile('index.html', join(folder, 'index.html'));
    server = await startTestServer({ config: { staticDir: folder, siteUrl } });
    admin = await createAdmin(server);
  });
  afterAll(async () => {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("answers /{slug} and /{slug}/register with the salon's title, description, Open Graph card and BeautySalon", async () => {
    const { merchant, call } = await openSalon('Salone Aurora');
    await call('set_salon_address', { address: 'Via Roma 1, Milano' });
    await call('set_opening_hours', {
      hours: [
        { weekday: 1, opens: '09:00', closes: '13:00' },
        { weekday: 1, opens: '14:00', closes: '19:00' },
      ],
    });
    await call('add_treatment', {
      name: 'Piega',
      description: 'Lavaggio e piega',
      duration_minutes: 60,
      price: 25,
    });
    await server.server.context.db.query(
      `insert into storage.objects (bucket_id, name) values ('loghi', $1)`,
      [`${merchant.slug}.png`],
    );
    const url = `${siteUrl}/${merchant.slug}`;
    const logo = `${siteUrl}/storage/v1/object/public/loghi/${merchant.slug}.png`;
    const description = 'Salone Aurora in Via Roma 1, Milano: Piega. Orari, prezzi e prenotazione online.';

    for (const path of [`/${merchant.slug}`, `/${merchant.slug}/register`]) {
      const page = await html(path);
      expect(page.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Salone Aurora · Passaparola</title>']);
      expect(metaContents(page, 'description')).toEqual([description]);
      expect(metaContents(page, 'og:title')).toEqual(['Salone Aurora']);
      expect(metaContents(page, 'og:description')).toEqual([description]);
      expect(metaContents(page, 'og:image')).toEqual([logo]);
      expect(metaContents(page, 'og:url')).toEqual([url]);
      expect(page).toContain(`<link rel="canonical" href="${url}" />`);
      expect(jsonLdBlocks(page)).toEqual([
        {
          '@context': 'https://schema.org',
          '@type': 'BeautySalon',
          name: 'Salone Aurora',
          url,
          telephone: '0612345678',
          image: logo,
          address: 'Via Roma 1, Milano',
          openingHoursSpecification: [
            {
              '@type': 'OpeningHoursSpecification',
              dayOfWeek: 'https://schema.org/Monday',
              opens: '09:00',
              closes: '13:00',
            },
            {
              '@type': 'OpeningHoursSpecification',
              dayOfWeek: 'https://schema.org/Monday',
              opens: '14:00',
              closes: '19:00',
            },
          ],
        },
      ]);
      // The SPA still takes over in the browser.
      expect(page).toContain('<script type="module"');
      expect(page).toContain('<div id="root">');
    }
  });

  it('escapes a name that tries to close the script and the attributes', async () => {
    const { merchant } = await openSalon(evilName);
    const page = await html(`/${merchant.slug}`);
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('"Bella"');
    // Every <script> the page opens is closed by its own </script>: none was closed early.
    expect(page.match(/<script\b/g)?.length).toBe(page.match(/<\/script>/g)?.length);
    expect(metaContents(page, 'og:title')).toEqual([evilName]);
    expect(decoded(/<title>([^<]*)<\/title>/.exec(page)![1]!)).toBe(`${evilName} · Passaparola`);
    expect(jsonLdBlocks(page).map((block) => block.name)).toEqual([evilName]);
  });

  it('serves the plain index.html for a slug no salon has and for the login pages', async () => {
    const { merchant } = await openSalon('Salone Brina');
    for (const path of ['/nessuno', '/nessuno/register', `/${merchant.slug}/login`, '/admin']) {
      const page = await html(path);
      expect(page).toContain('<title>Passaparola</title>');
      expect(jsonLdBlocks(page)).toEqual([]);
      expect(metaContents(page, 'og:title')).toEqual([]);
    }
  });
});
