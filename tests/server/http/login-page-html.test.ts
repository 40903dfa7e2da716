import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMerchant, type Persona } from '../../support/personas.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/** What is inside <div id="root"> up to the data block: what a browser paints before any script runs. */
const paintedRoot = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="merchant-public-data">/.exec(
    html,
  )?.[1];

const merchantData = (html: string) => {
  const block = /<script type="application\/json" id="merchant-public-data">([\s\S]*?)<\/script>/.exec(html);
  return block ? (JSON.parse(block[1]!) as { slug: string; name: string }) : undefined;
};

describe("a salon's logins painted by the server (raw HTML, no JavaScript)", () => {
  let server: TestServer;
  let folder: string;
  let admin: Persona;

  const html = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    return response.text();
  };

  beforeAll(async () => {
    // The production build, with the renderer the server paints the logins with.
    folder = await mkdtemp(join(tmpdir(), 'passaparola-login-html-'));
    await build({ logLevel: 'silent', build: { outDir: folder, emptyOutDir: true, sourcemap: false } });
    server = await startTestServer({ config: { staticDir: folder } });
    admin = await createAdmin(server);
  });
  afterAll(async () => {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("holds the salon's name and the sign-in form with its Italian labels, and the salon's data", async () => {
    const { merchant } = await createMerchant(server, admin, 'Salone Aurora');
    // The home page, painted by the same build's renderers, first.
    expect(await html('/')).toContain('data-painted-path="/"');
    for (const [path, title] of [
      [`/merchant/${merchant.slug}`, 'Accesso commercianti'],
      [`/${merchant.slug}/login`, 'Accedi'],
    ] as const) {
      const page = await html(path);
      const root = paintedRoot(page);
      expect(root, path).toBeDefined();
      expect(root).toContain('>Salone Aurora</p>');
      expect(root).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(root).toMatch(/<label class="ui-label" for="[^"]+">Email<\/label>/);
      expect(root).toMatch(/<label class="ui-label" for="[^"]+">Password<\/label>/);
      expect(root).toMatch(/<button class="ui-button[^"]*" type="submit">Accedi<\/button>/);
      expect(root).toContain('Password dimenticata?');
      expect(merchantData(page)).toEqual({ slug: merchant.slug, name: 'Salone Aurora', logo_url: null });
      // The browser never sends the painted form itself, before the app does.
      expect(page).toContain('<script async src="/hold-painted-forms.js"></script>');
    }
  });

  it('paints without waiting for a stylesheet or the script: the rules of its classes inline, the rest after', async () => {
    const { merchant } = await createMerchant(server, admin, 'Salone Stile');
    const page = await html(`/${merchant.slug}/login`);
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
      value!.replaceAll('&amp;', '&').split(/\s+/).filter(Boolean),
    );
    const styled = painted.filter((name) => full.includes(`${selector(name)}{`));
    expect(styled.length).toBeGreaterThan(30);
    for (const name of styled) expect(inline, name).toContain(`${selector(name)}{`);
    expect(inline.length).toBeLessThan(full.length / 2);
  });

  it('leaves the login of a salon that does not exist to the app, which says so', async () => {
    for (const path of ['/merchant/nessuno', '/nessuno/login']) {
      const page = await html(path);
      expect(paintedRoot(page)).toBeUndefined();
      expect(merchantData(page)).toBeUndefined();
      expect(page).toContain('Caricamento...');
    }
  });
});
