import { readdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStaticDir } from '../../server/config.ts';
import { startAppServer } from '../support/app-server.ts';
import { launchBrowser, phone } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';
import { appServerOptions, createMerchant, heading, joinMerchant, openFromNav } from './helpers.ts';

/** Code a public or sign-in page must not download: strings only that code contains. */
const markers = {
  realtime: 'phx_join',
  storage: 'StorageApiError',
  sonner: 'data-sonner-toaster',
};
/** react-d3-tree's class names: the client tree's code. */
const treeMarker = 'rd3t-';

/** Every script the page downloads, by URL, with its text. */
function watchScripts(page: Page): Map<string, string> {
  const scripts = new Map<string, string>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response.text().then(
      (text) => scripts.set(response.url(), text),
      () => undefined,
    );
  });
  return scripts;
}

const loaded = (scripts: Map<string, string>, marker: string) =>
  [...scripts.entries()].filter(([, text]) => text.includes(marker)).map(([url]) => url);

describe('what the public, sign-in and merchant pages download', () => {
  let server: TestServer;
  let browser: Browser;
  let slug: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    ({ slug } = await createMerchant(server, {
      name: 'Salone Leggero',
      email: 'leggero@example.com',
      password: 'password-leggero',
    }));
    await joinMerchant(server, {
      merchantSlug: slug,
      name: 'Anna Bianchi',
      email: 'anna@example.com',
      password: 'password-anna',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the build holds every marker, in chunks of their own', () => {
    const assets = `${defaultStaticDir}/assets`;
    const chunks = readdirSync(assets).filter((file) => file.endsWith('.js'));
    for (const marker of Object.values(markers)) {
      const holders = chunks.filter((file) => readFileSync(`${assets}/${file}`, 'utf8').includes(marker));
      expect(holders.length, marker).toBeGreaterThan(0);
      expect(
        holders.some((file) => /^index-/.test(file)),
        marker,
      ).toBe(false);
    }
  });

  it('loads no area, Realtime, Storage or toast code until it is needed', async () => {
    for (const [path, title] of [
      ['/', /Passaparola/],
      [`/merchant/${slug}`, /Accesso/],
      [`/${slug}/login`, /Accedi/],
      [`/${slug}`, /Registrati/],
    ] as const) {
      const page = await browser.newPage({ viewport: phone });
      const scripts = watchScripts(page);
      await page.goto(`${server.url}${path}`);
      await heading(page, title);
      await page.waitForLoadState('networkidle');
      expect(scripts.size, path).toBeGreaterThan(0);
      for (const marker of Object.values(markers)) expect(loaded(scripts, marker), path).toEqual([]);
      expect(
        [...scripts.keys()].filter((url) => /(client|dashboard|admin)-area/.test(url)),
        path,
      ).toEqual([]);
      await page.close();
    }
  });

  it('downloads the toasts with the first one: a wrong password', async () => {
    const page = await browser.newPage({ viewport: phone });
    const scripts = watchScripts(page);
    await page.goto(`${server.url}/${slug}/login`);
    await heading(page, /Accedi/);
    expect(loaded(scripts, markers.sonner)).toEqual([]);
    await page.getByLabel('Email').fill('anna@example.com');
    await page.getByLabel('Password').fill('password-sbagliata');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.locator('[data-sonner-toast][data-type="error"]').waitFor();
    expect(loaded(scripts, markers.sonner)).toHaveLength(1);
    await page.close();
  });

  it('downloads the client tree only when the merchant opens it in Struttura', async () => {
    const page = await browser.newPage({ viewport: phone });
    const scripts = watchScripts(page);
    await page.goto(`${server.url}/merchant/${slug}`);
    await heading(page, /Accesso/);
    await page.getByLabel('Email').fill('leggero@example.com');
    await page.getByLabel('Password').fill('password-leggero');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await heading(page, /Registrazioni/);
    await page.waitForLoadState('networkidle');
    expect(loaded(scripts, treeMarker)).toEqual([]);

    await openFromNav(page, 'Struttura');
    await heading(page, 'Struttura');
    await page.getByRole('button', { name: 'Apri Struttura' }).click();
    await page.getByRole('button', { name: /^Tutti i clienti/ }).waitFor();
    expect(loaded(scripts, treeMarker)).toHaveLength(1);
    await page.close();
  });
});
