import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/** What is inside the painted #root: what a browser shows before any script runs. */
const paintedRoot = (html: string) =>
  /<div id="root" data-painted-path="\/">([\s\S]*?)<\/div>\s*<noscript>/.exec(html)?.[1];

describe('the home page painted by the server (raw HTML, no JavaScript)', () => {
  let server: TestServer;
  let folder: string;

  const html = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    return response.text();
  };

  beforeAll(async () => {
    // The production build, with the renderer the server paints the home page with.
    folder = await mkdtemp(join(tmpdir(), 'passaparola-home-html-'));
    await build({ logLevel: 'silent', build: { outDir: folder, emptyOutDir: true, sourcemap: false } });
    server = await startTestServer({ config: { staticDir: folder } });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it('holds the heading, the salon search with its Italian label and the way in for a salon', async () => {
    const root = paintedRoot(await html('/'));
    expect(root).toBeDefined();
    expect(root).toMatch(/<h1[^>]*>Passaparola<\/h1>/);
    expect(root).toContain('Fedeltà e prenotazioni per centri estetici');
    expect(root).toMatch(/<h2 id="salon-finder-title"[^>]*>Trova il tuo centro<\/h2>/);
    const field = /<label class="ui-label" for="([^"]+)">Nome del centro<\/label>/.exec(root!)?.[1];
    expect(field).toBeDefined();
    expect(root).toContain(`type="search"`);
    expect(root).toContain(`id="${field}"`);
    expect(root).toContain('Scrivi almeno 2 lettere del nome.');
    expect(root).toMatch(/<a class="ui-button ui-button-outline" href="\/admin"[^>]*>Accedi<\/a>/);
    expect(root).toContain('Come funziona');
    expect(root).not.toContain('Caricamento...');
  });

  it('paints without waiting for a stylesheet or the script: the rules of its classes inline, the rest after', async () => {
    const page = await html('/');
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
    expect(styled.length).toBeGreaterThan(40);
    for (const name of styled) expect(inline, name).toContain(`${selector(name)}{`);
    expect(inline.length).toBeLessThan(full.length / 2);
  });

  it("leaves an e-mail link's /?continueUrl=… to the app, and never serves the renderer's code", async () => {
    const link = await html('/?continueUrl=%2Fclient&mode=verifyEmail&oobCode=abc');
    expect(paintedRoot(link)).toBeUndefined();
    expect(link).toContain('Caricamento...');
    const renderer = await fetch(`${server.url}/prerender/home-page-html.js`);
    expect(renderer.status).toBe(404);
    await renderer.body?.cancel();
  });
});
