import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

describe('the home page painted by the server', () => {
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

  it('is whole before any script and without the app stylesheet, at 390 and 1280 px', async () => {
    for (const [size, viewport] of Object.entries({ phone, desktop })) {
      const context = await browser.newContext({ viewport, locale: 'it-IT', javaScriptEnabled: false });
      await context.route('**/assets/*.css', (route) => route.abort());
      const page = await context.newPage();
      await page.goto(server.url);
      await page.getByRole('heading', { level: 1, name: 'Passaparola' }).waitFor();
      await expect(page.getByRole('searchbox', { name: 'Nome del centro' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { name: 'Trova il tuo centro' }).isVisible()).resolves.toBe(
        true,
      );
      await expect(page.getByRole('main').getByRole('link', { name: 'Accedi' }).isVisible()).resolves.toBe(
        true,
      );
      // The inline rules style it: the finder is a card, the sign-in a button.
      const finder = page.getByRole('region', { name: 'Trova il tuo centro' });
      expect(await finder.evaluate((element) => getComputedStyle(element).borderRadius)).toBe('24px');
      await expectNoHorizontalScroll(page);
      await screenshot(page, `home-painted-${size}`);
      await context.close();
    }
  });

  it('is taken over in place by the app: the same nodes, nothing moves, and the search works', async () => {
    for (const viewport of [phone, desktop]) {
      const page = await browser.newPage({ viewport, locale: 'it-IT' });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.addInitScript(() => {
        const seen = window as unknown as { shift: number; paintedField: Element | null };
        seen.shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) seen.shift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Parsed, before the app's script runs.
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            seen.paintedField = document.querySelector('#root input');
        });
      });
      await page.goto(server.url);
      await expect
        .poll(() =>
          page.evaluate(() => {
            const stylesheet = document.querySelector<HTMLLinkElement>('link[data-after-paint]');
            return stylesheet?.media === 'all' && stylesheet.sheet !== null;
          }),
        )
        .toBe(true);
      // Typing reaches the app: the hydrated field is the painted one.
      await page.getByRole('searchbox', { name: 'Nome del centro' }).fill('Salone inesistente');
      await page.getByText('Nessun centro trovato con questo nome.').waitFor();
      const after = await page.evaluate(() => {
        const seen = window as unknown as { shift: number; paintedField: Element | null };
        return { sameField: seen.paintedField === document.querySelector('#root input'), shift: seen.shift };
      });
      expect(after.sameField).toBe(true);
      expect(after.shift).toBeLessThan(0.01);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
