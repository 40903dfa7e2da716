import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import sharp from 'sharp';
import { launchBrowser, phone, screenshot } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';
import { privacyTexts } from '../../src/features/privacy/texts.ts';
import { texts } from '../../src/lib/texts.ts';
import { appServerOptions, checkScreen, createMerchant, heading, waitForPath } from './helpers.ts';

describe('the public and sign-in screens', () => {
  let server: TestServer;
  let browser: Browser;
  let slug: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    ({ slug } = await createMerchant(server, {
      name: 'Bellezza Aurora',
      email: 'aurora@salone.test',
      password: 'aurora-password',
    }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows every screen with its Italian labels, accessible at 390 and 1280 px', async () => {
    const screens: [string, string, (page: import('playwright-core').Page) => Promise<unknown>][] = [
      ['/admin', 'admin-login', (page) => page.getByRole('button', { name: 'Accedi' }).waitFor()],
      [
        `/merchant/${slug}`,
        'merchant-login',
        (page) => page.getByRole('link', { name: 'Password dimenticata?' }).waitFor(),
      ],
      [
        `/merchant/${slug}/reset-password`,
        'merchant-reset-password',
        (page) => heading(page, 'Recupera password'),
      ],
      [`/${slug}`, 'registration', (page) => page.getByLabel('Nome').waitFor()],
      [`/${slug}/register?ref=A00001`, 'registration-ref', (page) => page.getByLabel('Nome').waitFor()],
      [
        `/${slug}/login`,
        'client-login',
        (page) => page.getByRole('button', { name: 'Accedi', exact: true }).waitFor(),
      ],
      [`/${slug}/reset-password`, 'client-reset-password', (page) => heading(page, 'Recupera password')],
      [
        `/${slug}/__/auth/action?mode=other`,
        'action-unsupported',
        (page) => page.getByText('Operazione non supportata.').waitFor(),
      ],
      ['/a/b/c', 'not-found', (page) => heading(page, 'Pagina non trovata')],
      ['/dashboard/sconosciuta', 'not-found-in-area', (page) => heading(page, 'Pagina non trovata')],
    ];
    for (const [path, name, ready] of screens) await checkScreen(browser, server.url + path, name, ready);
  });

  it('labels every control with its Italian name and prefills the sponsor code from ?ref', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/${slug}/register?ref=A00007`);
    await page.getByLabel('Nome').waitFor();
    for (const label of ['Nome', 'Email', 'Password', 'Telefono']) {
      await expect(page.getByLabel(label).count()).resolves.toBe(1);
    }
    await expect(page.getByLabel('Codice amico').inputValue()).resolves.toBe('A00007');
    await expect(page.getByText('Bellezza Aurora').first().isVisible()).resolves.toBe(true);
    await page.close();
  });

  it("shows the salon's logo on its registration page once the merchant has uploaded one", async () => {
    const merchant = server.client();
    await merchant.auth.signInWithPassword({ email: 'aurora@salone.test', password: 'aurora-password' });
    const logo = await sharp({
      create: { width: 240, height: 120, channels: 4, background: { r: 138, g: 44, b: 85, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const upload = await merchant.storage
      .from('loghi')
      .upload(`${slug}.png`, logo, { contentType: 'image/png' });
    expect(upload.error).toBeNull();

    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/${slug}`);
    const image = page.getByRole('img', { name: 'Logo di Bellezza Aurora' });
    await image.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('main img') as HTMLImageElement | null)?.complete,
    );
    await expect(image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).resolves.toBe(240);
    await screenshot(page, 'registration-logo-phone');
    await page.close();
  });

  it('announces validation errors and moves focus to the heading on route change', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/${slug}/login`);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    const alerts = page.getByRole('alert');
    await alerts.filter({ hasText: 'Inserisci un indirizzo email valido' }).waitFor();
    await alerts.filter({ hasText: 'Inserisci la password' }).waitFor();
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await heading(page, 'Recupera password');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Recupera password');
    await page.close();
  });

  it('sends an unknown salon from the merchant login to / and shows not-found for its customer pages', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/merchant/nessuno`);
    await waitForPath(page, '/');
    await heading(page, 'Passaparola');
    await page.goto(`${server.url}/nessuno/login`);
    await page.getByText('Questo centro non è registrato su Passaparola.').waitFor();
    await page.close();
  });

  it('follows / with continueUrl, mode and oobCode to the action route, keeping mode, oobCode and lang', async () => {
    const page = await browser.newPage({ viewport: phone });
    const continueUrl = encodeURIComponent(`${server.url}/${slug}/login`);
    await page.goto(`${server.url}/?continueUrl=${continueUrl}&mode=verifyEmail&oobCode=not-a-code&lang=it`);
    await waitForPath(page, `/${slug}/__/auth/action`);
    const search = new URL(page.url()).searchParams;
    expect(Object.fromEntries(search)).toEqual({ mode: 'verifyEmail', oobCode: 'not-a-code', lang: 'it' });
    await page.getByText('Link verifica non valido.').waitFor();
    await page.close();
  });

  it('answers broken action links with the spec texts', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/${slug}/__/auth/action?mode=resetPassword&oobCode=wrong`);
    await page.getByText('Link non valido o scaduto.').waitFor();
    await page.goto(`${server.url}/merchant/${slug}/__/auth/action?mode=resetPassword`);
    await page.getByText('Link non valido o scaduto.').waitFor();
    await page.goto(`${server.url}/merchant/${slug}/__/auth/action?mode=verifyEmail&oobCode=wrong`);
    await page.getByText('Link verifica non valido.').waitFor();
    await page.goto(`${server.url}/merchant/${slug}/__/auth/action?mode=signIn&oobCode=x`);
    await page.getByText('Operazione non supportata.').waitFor();
    await page.close();
  });

  it('sends signed-out visitors of the areas to a login or home, never showing the area', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/admin/merchants`);
    await waitForPath(page, '/admin');
    await page.goto(`${server.url}/dashboard/registrazioni`);
    await waitForPath(page, '/');
    await page.goto(`${server.url}/client/acquisti`);
    await waitForPath(page, '/');
    await expect(page.getByRole('navigation', { name: 'Navigazione principale' }).count()).resolves.toBe(0);
    await page.close();
  });

  it("shows 'Caricamento...' while the sign-in check runs", async () => {
    const page = await browser.newPage({ viewport: phone });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/rpc/whoami', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/client/profile`);
    await page.getByRole('status').filter({ hasText: 'Caricamento...' }).waitFor();
    release();
    await waitForPath(page, '/');
    await page.close();
  });

  it('opens the next screen at its top when a link is followed from far down a page', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/${slug}/privacy`);
    const back = page.getByRole('link', { name: privacyTexts.back });
    await back.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await back.click();
    await heading(page, 'Registrati');
    // The registration page is taller than the phone: left where it was, it would open scrolled.
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });

  it("paints 'Caricamento...' from the page itself before its JavaScript, and asks for JavaScript without it", async () => {
    const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
    const page = await context.newPage();
    // A page the server does not paint (a salon's page, its logins and the home are painted whole).
    await page.goto(`${server.url}/${slug}/reset-password`);
    const splash = page.getByRole('status').filter({ hasText: texts.app.loading });
    await expect(splash.isVisible()).resolves.toBe(true);
    // Styled by the app's stylesheet: centred on the screen, as LoadingScreen is.
    const box = await splash.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(phone.height - 100);
    await context.close();
    // A browser without scripting shows the page's <noscript> instead.
    const html = await (await fetch(`${server.url}/${slug}/reset-password`)).text();
    expect(html).toMatch(/<noscript>\s*<p[^>]*>Per usare Passaparola attiva JavaScript nel browser\.<\/p>/);
  });

  it('is installable: Italian manifest, icons, apple-touch-icon and a service worker that skips the APIs', async () => {
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as {
      name: string;
      lang: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Passaparola', lang: 'it' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of [...manifest.icons.map((entry) => entry.src), '/icons/apple-touch-icon-180.png']) {
      const response = await fetch(server.url + icon);
      expect(response.headers.get('content-type')).toBe('image/png');
    }
    const worker = await (await fetch(`${server.url}/sw.js`)).text();
    for (const prefix of ['/rest/', '/auth/', '/storage/', '/realtime/'])
      expect(worker).toContain(`'${prefix}'`);
    const html = await (await fetch(server.url)).text();
    expect(html).toContain('rel="apple-touch-icon"');
    expect(html).toContain('apple-mobile-web-app-capable');
  });

  it('opens offline from the service worker cache with an Italian offline notice', async () => {
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await heading(page, 'Passaparola');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first visit installs the worker; the page it controls from the next load on.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto(`${server.url}/${slug}/login`);
    await page.getByText('Sei offline').first().waitFor();
    // The salon's name cannot be read offline: the screen says so instead of pretending.
    await page.getByRole('alert').filter({ hasText: 'Questa pagina ha bisogno della rete.' }).waitFor();
    await page.getByRole('button', { name: 'Riprova' }).waitFor();
    await screenshot(page, 'offline-phone');
    await context.setOffline(false);
    await context.close();
  });
});
