import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { accessibilityViolations, desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';

describe('the SPA served by server/', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [name, viewport] of Object.entries({ phone, desktop })) {
    it(`shows the Italian home page on a ${name}`, async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(server.url);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Passaparola');
      expect(await page.locator('html').getAttribute('lang')).toBe('it');
      // Sentence case, as written: nothing shouted in capitals.
      const eyebrow = page.getByText('Fedeltà e prenotazioni per centri estetici', { exact: true });
      expect(await eyebrow.innerText()).toBe('Fedeltà e prenotazioni per centri estetici');
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `home-${name}`);
      await page.getByRole('main').getByRole('link', { name: 'Accedi' }).click();
      await page.waitForURL(`${server.url}/admin`);
      await page.getByRole('heading', { level: 1, name: 'Accedi' }).waitFor();
      expect(await page.title()).toBe('Accedi · Passaparola');
      await page.close();
    });
  }

  it('sets its text in the self-hosted Figtree and its headings in Fraunces, allowed by the CSP and precached by the service worker', async () => {
    const page = await browser.newPage({ viewport: phone });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(new URL(request.url()).pathname);
    });
    await page.goto(server.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        body: getComputedStyle(document.body).fontFamily,
        heading: getComputedStyle(document.querySelector('h1')!).fontFamily,
        loaded: [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family),
      };
    });
    expect(fonts.body.startsWith('"Figtree Variable"')).toBe(true);
    expect(fonts.heading.startsWith('"Fraunces Variable"')).toBe(true);
    const loaded = fonts.loaded.map((family) => family.replaceAll('"', ''));
    expect(loaded).toContain('Figtree Variable');
    expect(loaded).toContain('Fraunces Variable');
    // One Latin file per face from the app's own origin; the Latin-extended subsets are never shipped.
    expect(fontRequests.sort()).toHaveLength(2);
    expect(fontRequests[0]).toMatch(/^\/assets\/figtree-latin-wght-normal-[\w-]+\.woff2$/);
    expect(fontRequests[1]).toMatch(/^\/assets\/fraunces-latin-wght-normal-[\w-]+\.woff2$/);
    expect(refused.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
    const worker = await (await fetch(`${server.url}/sw.js`)).text();
    for (const path of fontRequests) {
      const font = await fetch(`${server.url}${path}`);
      expect(font.headers.get('content-type')).toBe('font/woff2');
      expect(worker).toContain(`"${path}"`);
    }
    expect(worker).not.toContain('latin-ext');
    await page.close();
  });

  it('serves deep links with index.html, uncached, and hashed assets cached for a year', async () => {
    const deepLink = await fetch(`${server.url}/client/profile`);
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');
    const html = await deepLink.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const assetResponse = await fetch(`${server.url}${asset}`);
    expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('gives the SPA the anon key at run time and never the service key', async () => {
    const config = await (await fetch(`${server.url}/config.js`)).text();
    expect(config).toContain(server.anonKey);
    expect(config).not.toContain(server.serviceRoleKey);
    expect(config).not.toContain(server.jwtSecret);
  });
});
