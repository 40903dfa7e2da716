import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';
import { appServerOptions, createMerchant, expectAccessible, heading, waitForPath } from './helpers.ts';

describe('the home page leads a customer to her salon', () => {
  let server: TestServer;
  let browser: Browser;
  let rosa: { slug: string; name: string };

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    rosa = await createMerchant(server, {
      name: 'Bellezza Rosa',
      email: 'rosa@example.test',
      password: 'password-rosa-1',
    });
    await createMerchant(server, {
      name: 'Centro Estetico Luna',
      email: 'luna@example.test',
      password: 'password-luna-1',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    it(`finds a salon by part of its name and remembers it for the next visit (${size})`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(server.url);
      await heading(page, 'Passaparola');
      const finder = page.getByRole('region', { name: 'Trova il tuo centro' });
      expect(await finder.getByText('L’ultimo centro che hai usato').count()).toBe(0);

      const search = finder.getByLabel('Nome del centro');
      await search.fill('bellez');
      await finder.getByRole('status').filter({ hasText: '1 centro trovato' }).waitFor();
      const result = finder.getByRole('link', { name: 'Bellezza Rosa' });
      expect(await result.getAttribute('href')).toBe(`/${rosa.slug}/login`);
      expect(await finder.getByRole('link', { name: 'Centro Estetico Luna' }).count()).toBe(0);
      await expectAccessible(page);
      await screenshot(page, `home-salon-search-${size}`);
      // The narrowest phone keeps the finder and its results inside the page.
      await page.setViewportSize({ width: 320, height: 640 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.setViewportSize(viewport);

      await search.fill('nessuno così');
      const none = finder.getByRole('status').filter({ hasText: 'Nessun centro trovato con questo nome.' });
      await none.waitFor();
      expect(await finder.getByRole('link').count()).toBe(0);
      // One letter is not a search: nothing is asked, nothing is listed.
      await search.fill('b');
      await none.waitFor({ state: 'hidden' });
      expect(await finder.getByRole('link').count()).toBe(0);

      await search.fill('estetica luna');
      await search.fill('luna');
      await finder.getByRole('link', { name: 'Centro Estetico Luna' }).waitFor();
      await search.fill('rosa');
      await result.click();
      await waitForPath(page, `/${rosa.slug}/login`);
      await heading(page, 'Accedi');

      // Back on the home page, the salon just visited is one tap away.
      await page.goto(server.url);
      const back = finder.getByRole('link', { name: 'Entra in Bellezza Rosa' });
      await back.waitFor();
      expect(await back.getAttribute('href')).toBe(`/${rosa.slug}/login`);
      await expectAccessible(page);
      await screenshot(page, `home-last-salon-${size}`);
      await back.click();
      await waitForPath(page, `/${rosa.slug}/login`);
      await context.close();
    });
  }
});
