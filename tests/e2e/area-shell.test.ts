import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { accessibilityViolations, desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { signedIn } from '../support/fixtures.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  areaNav,
  createMerchant,
  expectAccessible,
  joinMerchant,
  waitForPath,
} from './helpers.ts';

const aurora = { name: 'Salone Aurora', email: 'aurora@frame.test', password: 'segreta-aurora' };
const giulia = { name: 'Giulia Verdi', email: 'giulia@frame.test', password: 'password-giulia' };

const registrazioniLead = 'Scegli il cliente, inserisci la spesa e lo sconto da utilizzare.';
const paintedFrame = (page: Page) => page.locator('[data-area-shell]');

describe('a signed-in screen painted before the app arrives, then taken over by it', () => {
  let server: TestServer;
  let browser: Browser;
  let slug: string;

  /** A browser context holding `account`'s session in localStorage, as supabase-js keeps it. */
  async function withSession(account: { email: string; password: string }, salon?: string) {
    const client = await signedIn(server, account);
    const { data } = await client.auth.getSession();
    const key = `sb-${new URL(server.url).hostname.split('.')[0]}-auth-token`;
    const context = await browser.newContext({ viewport: phone, locale: 'it-IT' });
    const page = await context.newPage();
    await page.goto(`${server.url}/robots.txt`);
    await page.evaluate(
      ([storageKey, session, merchantSlug]) => {
        localStorage.setItem(storageKey!, session!);
        if (merchantSlug) localStorage.setItem('passaparola.currentMerchantSlug', merchantSlug);
      },
      [key, JSON.stringify(data.session), salon] as const,
    );
    return { context, page };
  }

  /** The painted page alone: the app's script never arrives. */
  async function withoutApp(context: BrowserContext) {
    await context.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  }

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    ({ slug } = await createMerchant(server, aurora));
    await joinMerchant(server, { merchantSlug: slug, ...giulia });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("paints the area's navigation and the screen's heading with nobody's data, at 390 and 1280 px", async () => {
    const { context, page } = await withSession(aurora);
    await withoutApp(context);
    for (const [size, viewport] of Object.entries({ phone, desktop })) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/dashboard/registrazioni`);
      // Seen, not yet usable: inert and hidden from assistive technology, which hears it is loading.
      const frame = paintedFrame(page);
      await expect(frame.locator('[inert][aria-hidden="true"] nav').count()).resolves.toBe(1);
      await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(0);
      await expect(page.getByRole('status').textContent()).resolves.toBe('Caricamento...');
      await frame.locator('h1', { hasText: 'Registrazioni' }).waitFor();
      await expect(frame.getByText(registrazioniLead).isVisible()).resolves.toBe(true);
      await frame.locator('nav a', { hasText: 'Agenda' }).filter({ visible: true }).waitFor();
      await frame.getByText('Gestione centro').filter({ visible: true }).waitFor();
      const text = await page.locator('body').innerText();
      expect(text).not.toContain(aurora.name);
      expect(text).not.toContain(aurora.email);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      // As 'Caricamento...' before it: nothing but the loading status for assistive technology yet.
      expect((await accessibilityViolations(page)).map((violation) => violation.id)).toEqual([
        'landmark-one-main',
        'page-has-heading-one',
      ]);
      await screenshot(page, `area-frame-painted-${size}`);
    }
    await page.goto(`${server.url}/client/crediti`);
    await paintedFrame(page).locator('h1', { hasText: 'Crediti' }).waitFor();
    await screenshot(page, 'area-frame-painted-client-desktop');
    await context.close();
  });

  it('becomes the signed-in screen in place: the frame painted once, its data in, nothing shifted', async () => {
    for (const [account, path, salon, shows] of [
      [aurora, '/dashboard/registrazioni', undefined, aurora.email],
      [giulia, '/client/crediti', slug, `${giulia.name} · `],
    ] as const) {
      const { context, page } = await withSession(account, salon);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.addInitScript(() => {
        const seen = window as unknown as { shift: number; largest: number };
        seen.shift = 0;
        seen.largest = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) seen.shift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((list) => {
          seen.largest += list.getEntries().length;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${server.url}${path}`);
      await page.getByText(shows).filter({ visible: true }).first().waitFor();
      await expect(paintedFrame(page).count()).resolves.toBe(0);
      const seen = await page.evaluate(() => {
        const { shift, largest } = window as unknown as { shift: number; largest: number };
        return { shift, largest };
      });
      expect(seen).toEqual({ shift: 0, largest: 1 });
      expect(errors).toEqual([]);
      await expectAccessible(page);
      await screenshot(page, `area-frame-taken-over-${salon ? 'client' : 'dashboard'}-phone`);
      await context.close();
    }
  });

  it('leaves no painted frame to a visitor without a session, or whose session is gone', async () => {
    const visitor = await browser.newPage({ viewport: phone, locale: 'it-IT' });
    await visitor.goto(`${server.url}/dashboard/registrazioni`);
    await waitForPath(visitor, '/');
    await expect(paintedFrame(visitor).count()).resolves.toBe(0);
    await expect(areaNav(visitor).count()).resolves.toBe(0);
    await visitor.close();

    // Signed out on the server: the stored session's refresh token no longer works, its access token expired.
    const { context, page } = await withSession(giulia, slug);
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'))!;
      const session = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
      localStorage.setItem(
        key,
        JSON.stringify({ ...session, expires_at: 1, refresh_token: 'revocato', access_token: 'scaduto' }),
      );
    });
    await page.goto(`${server.url}/client/crediti`);
    await waitForPath(page, `/${slug}/login`);
    await expect(paintedFrame(page).count()).resolves.toBe(0);
    await expect(areaNav(page).count()).resolves.toBe(0);
    await context.close();
  });
});
