import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMerchant, type Persona } from '../../support/personas.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/** What is inside <div id="root"> up to the data block: what a browser paints before any script runs. */
const paintedRoot = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html)?.[1];

const salonData = (html: string) => {
  const block = /<script type="application\/json" id="salon-page-data">([\s\S]*?)<\/script>/.exec(html);
  return block ? (JSON.parse(block[1]!) as { slug: string; treatments: { name: string }[] }) : undefined;
};

describe("a salon's page painted by the server from api.salon_public_page (raw HTML, no JavaScript)", () => {
  let server: TestServer;
  let folder: string;
  let admin: Persona;

  const html = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    // The production build, with the renderer the server paints salon pages with.
    folder = await mkdtemp(join(tmpdir(), 'passaparola-salon-html-'));
    await build({ logLevel: 'silent', build: { outDir: folder, emptyOutDir: true, sourcemap: false } });
    server = await startTestServer({ config: { staticDir: folder } });
    admin = await createAdmin(server);
  });
  afterAll(async () => {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it('holds the name, address, hours, treatments with prices in euro and the operators inside #root', async () => {
    const { merchant, persona } = await createMerchant(server, admin, 'Salone Aurora');
    const call = async (fn: string, args: Record<string, unknown>) => {
      const { error } = await persona.client.rpc(fn, args);
      if (error) throw new Error(`${fn}: ${error.message}`);
    };
    await call('set_salon_address', { address: 'Via Roma 1, Milano' });
    await call('set_opening_hours', { hours: [{ weekday: 2, opens: '09:00', closes: '13:00' }] });
    await call('add_treatment', {
      name: 'Manicure',
      description: 'Smalto',
      duration_minutes: 45,
      price: 35.5,
    });
    await call('add_treatment', {
      name: 'Piega',
      description: 'Lavaggio e piega',
      duration_minutes: 30,
      price: 25,
    });
    const photo = `${merchant.id}/anna.png`;
    await server.server.context.db.query(
      `insert into storage.objects (bucket_id, name) values ('operatori', $1)`,
      [photo],
    );
    await call('add_operator', { name: 'Anna', image_path: photo });
    await server.server.context.db.query(
      `insert into storage.objects (bucket_id, name) values ('loghi', $1)`,
      [`${merchant.slug}.png`],
    );

    for (const path of [`/${merchant.slug}`, `/${merchant.slug}/register?ref=A7`]) {
      const page = await html(path);
      const root = paintedRoot(page);
      expect(root).toBeDefined();
      expect(root).toContain(
        '<p class="font-display text-3xl font-semibold [overflow-wrap:anywhere] text-accent-foreground">Salone Aurora</p>',
      );
      expect(root).toContain('Via Roma 1, Milano');
      expect(root).toContain('09:00–13:00');
      for (const [name, price] of [
        ['Manicure', '€ 35,50'],
        ['Piega', '€ 25,00'],
      ]) {
        expect(root).toMatch(new RegExp(`<h3[^>]*>${name}</h3>[\\s\\S]*?>${price}<`));
      }
      expect(root).toContain('Anna');
      expect(root).toMatch(/<h1[^>]*>Registrati/);
      // The painted page's links keep the query, as the app's do.
      if (path.includes('ref=')) expect(root).toContain('?ref=A7&amp;trattamento=');
      expect(salonData(page)?.slug).toBe(merchant.slug);
      expect(salonData(page)?.treatments.map((treatment) => treatment.name)).toEqual(['Manicure', 'Piega']);
      expect(page).toContain('<script type="module"');
      // The logo, the page's largest paint, is asked for from the head, before the inline CSS.
      const preload = page.indexOf('<link rel="preload" as="image" href="/storage/v1/object/public/loghi/');
      expect(preload).toBeGreaterThan(0);
      expect(preload).toBeLessThan(page.indexOf('<style>'));
      expect(root).not.toContain('<link');
    }
  });

  it('paints without waiting for a stylesheet or the script: the rules of its classes inline, the rest after', async () => {
    const { merchant } = await createMerchant(server, admin, 'Salone Stile');
    const page = await html(`/${merchant.slug}`);
    const inline = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
    const href =
      /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*media="print" data-after-paint>/.exec(
        page,
      )?.[1];
    expect(href).toBeDefined();
    expect(page).toContain(`<noscript><link rel="stylesheet" crossorigin href="${href}"></noscript>`);
    expect(page).toContain('<script type="module" fetchpriority="low"');
    const full = await (await fetch(`${server.url}${href}`)).text();
    const selector = (name: string) => `.${name.replace(/[^a-zA-Z0-9_-]/g, '\\$&')}`;
    const painted = [...(paintedRoot(page) ?? '').matchAll(/\sclass="([^"]*)"/g)].flatMap(([, value]) =>
      value!.split(/\s+/).filter(Boolean),
    );
    const styled = painted.filter((name) => full.includes(`${selector(name)}{`));
    expect(styled.length).toBeGreaterThan(20);
    for (const name of styled) expect(inline, name).toContain(`${selector(name)}{`);
    // Only what the page uses: the areas' dialogs and cards are left to the stylesheet.
    expect(inline.length).toBeLessThan(full.length / 2);

    // Pages painted by the app alone keep the stylesheet as it is.
    const login = await html('/admin');
    expect(login).not.toContain('data-after-paint');
    expect(login).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/);
  });

  it("keeps the loading screen for a slug no salon has, and never serves the renderer's code", async () => {
    const page = await html('/nessuno');
    expect(paintedRoot(page)).toBeUndefined();
    expect(salonData(page)).toBeUndefined();
    expect(page).toContain('Caricamento...');
    const renderer = await fetch(`${server.url}/prerender/salon-page-html.js`);
    expect(renderer.status).toBe(404);
    await renderer.body?.cancel();
  });
});
