import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMerchant } from '../../support/personas.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/** What is inside <div id="root"> up to the <noscript>: what a browser paints before any script runs. */
const paintedRoot = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html)?.[1];

describe("a signed-in screen's frame painted by the server (raw HTML, no JavaScript, no session)", () => {
  let server: TestServer;
  let folder: string;

  const html = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    return response.text();
  };

  beforeAll(async () => {
    // The production build, with the renderer the server paints the areas' frames with.
    folder = await mkdtemp(join(tmpdir(), 'passaparola-area-html-'));
    await build({ logLevel: 'silent', build: { outDir: folder, emptyOutDir: true, sourcemap: false } });
    server = await startTestServer({ config: { staticDir: folder } });
    await createMerchant(server, await createAdmin(server), 'Salone Aurora');
  });
  afterAll(async () => {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("holds the area's navigation, its generic name and the screen's heading and lead inside #root", async () => {
    const merchant = paintedRoot(await html('/dashboard/registrazioni'));
    expect(merchant).toContain('aria-label="Navigazione principale"');
    expect(merchant).toContain('Gestione centro');
    expect(merchant).toMatch(/<h1[^>]*>Registrazioni<\/h1>/);
    expect(merchant).toContain('Scegli il cliente, inserisci la spesa e lo sconto da utilizzare.');
    expect(merchant).toContain('href="/dashboard/agenda"');
    expect(merchant).not.toContain('Salone Aurora');
    // A picture of the screen, hidden from assistive technology, which hears that the page is loading.
    expect(merchant).toMatch(
      /^<div data-area-shell=""><p role="status" class="sr-only">Caricamento\.\.\.<\/p><div inert="" aria-hidden="true">/,
    );

    const customer = paintedRoot(await html('/client/crediti/'));
    expect(customer).toContain('Area clienti');
    expect(customer).toMatch(/<h1[^>]*>Crediti<\/h1>/);
    expect(customer).toContain('href="/client/prenota"');
  });

  it("asks for the app's script once the frame is painted", async () => {
    const page = await html('/dashboard/agenda');
    expect(page).toMatch(
      /<script type="module" src="\/paint-first\.js\?app=\/assets\/index-[\w-]+\.js"><\/script>/,
    );
    expect(page).not.toMatch(/<script type="module" crossorigin src=/);
    const starter = await fetch(`${server.url}/paint-first.js`);
    expect(starter.status).toBe(200);
    expect(await starter.text()).toContain('import(app)');
  });

  it("keeps the loading screen where no screen's frame is known, and never serves the renderer's code", async () => {
    for (const path of ['/dashboard/nessuna', '/client', '/admin/merchants', '/client/crediti/altro']) {
      const page = await html(path);
      expect(page).toContain('Caricamento...');
      expect(page).not.toContain('data-area-shell');
      expect(page).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    }
    const renderer = await fetch(`${server.url}/prerender/area-shell-html.js`);
    expect(renderer.status).toBe(404);
    await renderer.body?.cancel();
  });
});
