import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStaticDir } from '../../server/config.ts';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  openFromNav,
  signInThroughForm,
} from './helpers.ts';

/** The version the build wrote into the deployed sw.js. */
function workerVersion(staticDir: string): string {
  const version = /const VERSION = '([^']+)'/.exec(readFileSync(join(staticDir, 'sw.js'), 'utf8'))?.[1];
  if (!version) throw new Error('sw.js carries no version');
  return version;
}

/** Deploys "a new version": the same files with a new service worker version. */
function deployNewWorker(staticDir: string, version: string): void {
  const file = join(staticDir, 'sw.js');
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace(/const VERSION = '[^']+'/, `const VERSION = '${version}'`),
  );
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

describe('a new version deployed while the app is open', () => {
  let server: TestServer;
  let browser: Browser;
  let staticDir: string;

  beforeAll(async () => {
    // A copy of the build, so the test can deploy into it without touching dist/.
    staticDir = mkdtempSync(join(tmpdir(), 'passaparola-deploy-'));
    cpSync(defaultStaticDir, staticDir, { recursive: true, dereference: true });
    server = await startAppServer({ config: { ...appServerOptions.config, staticDir } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (staticDir) rmSync(staticDir, { recursive: true, force: true });
  });

  it('offers "Nuova versione disponibile" and "Aggiorna" reloads onto the new version', async () => {
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    await page.goto(server.url);
    await heading(page, 'Passaparola');
    // The first worker takes the page over at once: there is nothing older to wait for.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const firstVersion = workerVersion(staticDir);
    expect(await cacheNames(page)).toEqual([`passaparola-shell-${firstVersion}`]);
    const banner = page.getByRole('status').filter({ hasText: 'Nuova versione disponibile' });
    expect(await banner.count()).toBe(0);

    const nextVersion = `${firstVersion}-next`;
    deployNewWorker(staticDir, nextVersion);
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await banner.waitFor();
    // Until she says so, the old worker keeps serving the files this tab was built with.
    expect(await cacheNames(page)).toContain(`passaparola-shell-${firstVersion}`);
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'update-banner-phone');
    await page.setViewportSize(desktop);
    await screenshot(page, 'update-banner-desktop');

    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Aggiorna' }).click()]);
    await heading(page, 'Passaparola');
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    expect(await cacheNames(page)).toEqual([`passaparola-shell-${nextVersion}`]);
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it('"Aggiorna" in one tab leaves the other tabs a plain reload onto the new version', async () => {
    const context = await browser.newContext({ viewport: phone });
    const tabs = [await context.newPage(), await context.newPage()] as const;
    for (const tab of tabs) {
      await tab.goto(server.url);
      await heading(tab, 'Passaparola');
      await tab.waitForFunction(() => navigator.serviceWorker.controller !== null);
    }
    const nextVersion = `${workerVersion(staticDir)}-again`;
    deployNewWorker(staticDir, nextVersion);
    const bannerIn = (tab: Page) => tab.getByRole('status').filter({ hasText: 'Nuova versione disponibile' });
    for (const tab of tabs) {
      await tab.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await bannerIn(tab).waitFor();
    }
    const [first, second] = tabs;
    await Promise.all([
      first.waitForEvent('load'),
      bannerIn(first).getByRole('button', { name: 'Aggiorna' }).click(),
    ]);
    expect(await cacheNames(first)).toEqual([`passaparola-shell-${nextVersion}`]);
    // The other tab still shows the old page; its 'Aggiorna' now only has to reload it.
    await Promise.all([
      second.waitForEvent('load'),
      bannerIn(second).getByRole('button', { name: 'Aggiorna' }).click(),
    ]);
    await heading(second, 'Passaparola');
    expect(await bannerIn(second).count()).toBe(0);
    await context.close();
  });

  it('shows an Italian error screen with "Ricarica" when a screen\'s code is gone after a deploy', async () => {
    // No worker here: the browser asks the server, which no longer has the old chunk.
    const context = await browser.newContext({ viewport: phone, serviceWorkers: 'block' });
    const page = await context.newPage();
    const clientAreaChunk = /\/assets\/client-area-[\w-]+\.js$/;
    await page.route(clientAreaChunk, (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto(`${server.url}/client/profile`);
    await heading(page, 'Passaparola è stata aggiornata');
    const reload = page.getByRole('button', { name: 'Ricarica' });
    await reload.waitFor();
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'route-error-phone');
    await page.setViewportSize(desktop);
    await screenshot(page, 'route-error-desktop');

    // 'Ricarica' loads the page afresh: the chunk is there now, and a signed-out visitor goes home.
    await page.unroute(clientAreaChunk);
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    await heading(page, 'Passaparola');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('shows the Italian error screen when one screen of a signed-in area is gone, and opens it after "Ricarica"', async () => {
    const { slug } = await createMerchant(server, {
      name: 'Salone Aggiornato',
      email: 'aggiornato@example.com',
      password: 'password-aggiornato',
    });
    await joinMerchant(server, {
      merchantSlug: slug,
      name: 'Carla Verdi',
      email: 'carla@example.com',
      password: 'password-carla',
    });
    const context = await browser.newContext({ viewport: phone, serviceWorkers: 'block' });
    const page = await context.newPage();
    await signInThroughForm(page, `${server.url}/${slug}/login`, {
      email: 'carla@example.com',
      password: 'password-carla',
    });
    await heading(page, 'Anagrafica');

    // Prenota comes in a chunk of its own, asked for when the customer opens it.
    const bookingChunk = /\/assets\/client-booking-screen-[\w-]+\.js$/;
    await page.route(bookingChunk, (route) => route.fulfill({ status: 404, body: 'not found' }));
    await openFromNav(page, 'Prenota');
    await heading(page, 'Passaparola è stata aggiornata');
    await page.unroute(bookingChunk);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Ricarica' }).click()]);
    await heading(page, 'Prenota');
    expect(new URL(page.url()).pathname).toBe('/client/prenota');
    await context.close();
  });
});
