import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { signedIn } from '../support/fixtures.ts';
import type { TestServer } from '../support/test-server.ts';
import { appServerOptions, createMerchant, heading, joinMerchant, waitForPath } from './helpers.ts';

const aurora = { name: 'Salone Aurora', email: 'aurora@centri.test', password: 'segreta-aurora' };
const marta = { name: 'Marta Neri', email: 'marta@clienti.test', password: 'password-marta' };

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

describe("a salon's logins painted by the server", () => {
  let server: TestServer;
  let browser: Browser;
  let slug: string;
  const logins = () => [
    { path: `/merchant/${slug}`, title: 'Accesso commercianti', name: 'merchant' },
    { path: `/${slug}/login`, title: 'Accedi', name: 'client' },
  ];

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    ({ slug } = await createMerchant(server, aurora));
    await joinMerchant(server, { merchantSlug: slug, ...marta });
    const salon = await signedIn(server, aurora);
    const logo = await sharp({ create: { width: 160, height: 160, channels: 3, background: '#8a2c55' } })
      .webp()
      .toBuffer();
    const { error } = await salon.storage
      .from('loghi')
      .upload(`${slug}.png`, logo, { contentType: 'image/webp', upsert: true });
    if (error) throw new Error(error.message);
    await salon.auth.signOut();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('are whole before any script and without the app stylesheet, at 390 and 1280 px', async () => {
    for (const login of logins()) {
      for (const [size, viewport] of Object.entries({ phone, desktop })) {
        const context = await browser.newContext({ viewport, locale: 'it-IT', javaScriptEnabled: false });
        await context.route('**/assets/*.css', (route) => route.abort());
        const page = await context.newPage();
        await page.goto(server.url + login.path);
        await heading(page, login.title);
        await expect(page.getByText('Salone Aurora', { exact: true }).isVisible()).resolves.toBe(true);
        await expect(page.getByRole('img', { name: 'Logo di Salone Aurora' }).isVisible()).resolves.toBe(
          true,
        );
        await expect(page.getByLabel('Email').isVisible()).resolves.toBe(true);
        await expect(page.getByLabel('Password', { exact: true }).isVisible()).resolves.toBe(true);
        const submit = page.getByRole('button', { name: 'Accedi', exact: true });
        // Styled by the inline rules: the card's corners, the button's colour.
        expect(await submit.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
          'rgba(0, 0, 0, 0)',
        );
        await expectNoHorizontalScroll(page);
        await screenshot(page, `login-painted-${login.name}-${size}`);
        await context.close();
      }
    }
  });

  it('are taken over in place by the app: the same nodes, nothing moves', async () => {
    for (const login of logins()) {
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
            for (const entry of list.getEntries() as unknown as {
              value: number;
              hadRecentInput: boolean;
            }[]) {
              if (!entry.hadRecentInput) seen.shift += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          document.addEventListener('readystatechange', () => {
            if (document.readyState === 'interactive')
              seen.paintedField = document.querySelector('#root input');
          });
        });
        // The logo arrives after the first paint: its place is held, nothing moves.
        await page.route('**/storage/v1/object/public/loghi/**', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 500));
          await route.continue();
        });
        await page.goto(server.url + login.path);
        await expect
          .poll(() =>
            page.evaluate(() => {
              const stylesheet = document.querySelector<HTMLLinkElement>('link[data-after-paint]');
              return stylesheet?.media === 'all' && stylesheet.sheet !== null;
            }),
          )
          .toBe(true);
        // Hydrated: the painted field now carries React's handlers.
        await expect
          .poll(() =>
            page.evaluate(() =>
              Object.keys(document.querySelector('#root input')!).some((key) => key.startsWith('__react')),
            ),
          )
          .toBe(true);
        // The app answers the form: an empty submit is refused in Italian, not sent.
        await page.getByRole('button', { name: 'Accedi', exact: true }).click();
        await page.getByText('Inserisci un indirizzo email valido').waitFor();
        expect(new URL(page.url()).search).toBe('');
        await expect
          .poll(() =>
            page
              .getByRole('img', { name: 'Logo di Salone Aurora' })
              .evaluate((image: HTMLImageElement) => image.naturalWidth),
          )
          .toBe(160);
        const after = await page.evaluate(() => {
          const seen = window as unknown as { shift: number; paintedField: Element | null };
          return {
            sameField: seen.paintedField === document.querySelector('#root input'),
            shift: seen.shift,
          };
        });
        expect(after.sameField).toBe(true);
        expect(after.shift).toBeLessThan(0.01);
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  });

  it('never sends a form typed in before the app runs: the password stays out of the address', async () => {
    const page = await browser.newPage({ viewport: phone, locale: 'it-IT' });
    // The app's script held back: the painted form alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${server.url}/${slug}/login`);
    await page.getByLabel('Email').fill(marta.email);
    await page.getByLabel('Password', { exact: true }).fill(marta.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${server.url}/${slug}/login`);
    await page.close();
  });

  it('signs the customer in from the painted page', async () => {
    const page = await browser.newPage({ viewport: phone, locale: 'it-IT' });
    await page.goto(`${server.url}/${slug}/login`);
    await page.getByLabel('Email').fill(marta.email);
    await page.getByLabel('Password', { exact: true }).fill(marta.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(page, '/client/profile');
    await page.close();
  });
});
