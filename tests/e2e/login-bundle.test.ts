import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStaticDir } from '../../server/config.ts';
import { startAppServer } from '../support/app-server.ts';
import { launchBrowser, phone } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  areaNav,
  createMerchant,
  heading,
  joinMerchant,
  openFromNav,
  signInThroughForm,
} from './helpers.ts';

/** Code a public or sign-in page must not download: strings only that code contains. */
const markers = {
  realtime: 'phx_join',
  storage: 'StorageApiError',
  sonner: 'data-sonner-toaster',
  /** Classic zod's schema method: the whole app is written with zod/mini, so no chunk holds it. */
  classicZod: 'toJSONSchema',
};
/** tailwind-merge's config: no page needs it, components keep their own look in CSS's components layer. */
const tailwindMergeMarker = 'conflictingClassGroups';
/** qrcode.react's error for a text too long for a code. */
const qrCodeMarker = 'Data too long';
/** Radix Select's content part: the list box the merchant's and the admin's forms use. */
const listBoxMarker = 'SelectContent';
/** The markers of code the build holds, for the pages that need it. */
const builtMarkers = Object.values(markers).filter((marker) => marker !== markers.classicZod);
/** Classic zod's schemas, where its marker comes from. */
const classicZodSource = `${dirname(createRequire(import.meta.url).resolve('zod/package.json'))}/v4/classic/schemas.js`;
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

/** Issue 15's budget for what a public or sign-in page downloads before anything is asked of it. */
const publicPageBudgetKb = 170;

/** The page's own scripts (the built assets), after gzip -9, in KB. */
const gzipKb = (scripts: Map<string, string>) =>
  [...scripts.entries()]
    .filter(([url]) => new URL(url).pathname.startsWith('/assets/'))
    .reduce((sum, [, text]) => sum + gzipSync(text, { level: 9 }).length, 0) / 1024;

const loaded = (scripts: Map<string, string>, marker: string) =>
  [...scripts.entries()].filter(([, text]) => text.includes(marker)).map(([url]) => url);

/** The salon's merchant and its customer, as they sign in. */
const leggero = { email: 'leggero@example.com', password: 'password-leggero' };
const anna = { email: 'anna@example.com', password: 'password-anna' };

describe('what the public, sign-in and merchant pages download', () => {
  let server: TestServer;
  let browser: Browser;
  let slug: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    ({ slug } = await createMerchant(server, {
      name: 'Salone Leggero',
      ...leggero,
    }));
    await joinMerchant(server, { merchantSlug: slug, name: 'Anna Bianchi', ...anna });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the build holds every marker, in chunks of their own, and no classic zod', () => {
    const assets = `${defaultStaticDir}/assets`;
    const chunks = readdirSync(assets).filter((file) => file.endsWith('.js'));
    const holdersOf = (marker: string) =>
      chunks.filter((file) => readFileSync(`${assets}/${file}`, 'utf8').includes(marker));
    // The marker is a method of every classic schema, so a bundled classic zod would show it.
    expect(readFileSync(classicZodSource, 'utf8')).toContain(`${markers.classicZod}(params) {`);
    expect(holdersOf(markers.classicZod)).toEqual([]);
    for (const marker of builtMarkers) {
      const holders = holdersOf(marker);
      expect(holders.length, marker).toBeGreaterThan(0);
      expect(
        holders.some((file) => /^index-/.test(file)),
        marker,
      ).toBe(false);
    }
  });

  it('the build holds no tailwind-merge', () => {
    const assets = `${defaultStaticDir}/assets`;
    const chunks = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(0);
    expect(
      chunks.filter((file) => readFileSync(`${assets}/${file}`, 'utf8').includes(tailwindMergeMarker)),
    ).toEqual([]);
  });

  it('stays within 170 KB of JavaScript and loads no area, Realtime, Storage, toast, tailwind-merge or classic zod code until it is needed', async () => {
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
      expect(gzipKb(scripts), path).toBeLessThanOrEqual(publicPageBudgetKb);
      for (const marker of [...Object.values(markers), tailwindMergeMarker])
        expect(loaded(scripts, marker), path).toEqual([]);
      expect(
        [...scripts.keys()].filter((url) => /(client|dashboard|admin)-area/.test(url)),
        path,
      ).toEqual([]);
      await page.close();
    }
  });

  it("lets a className passed to a control win over the control's own classes, without tailwind-merge", async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/robots.txt`);
    await page.evaluate((salon) => localStorage.setItem('passaparola.lastSalon', JSON.stringify(salon)), {
      slug,
      name: 'Salone Leggero',
    });
    const scripts = watchScripts(page);
    await page.goto(server.url);
    await heading(page, /Passaparola/);
    const style = (locator: Locator) =>
      locator.evaluate((element) => {
        const { fontSize, justifyContent, paddingLeft, paddingRight } = getComputedStyle(element);
        return { fontSize, justifyContent, paddingLeft, paddingRight };
      });
    // PageHeading's text-3xl (30 px) gives way to the home's text-5xl (48 px).
    expect((await style(page.getByRole('heading', { level: 1 }))).fontSize).toBe('48px');
    // Input's px-3 (12 px) gives way to the search's pl-10 (40 px) on the left only.
    expect(await style(page.getByRole('searchbox'))).toMatchObject({
      paddingLeft: '40px',
      paddingRight: '12px',
    });
    // Button's justify-center gives way to justify-between; size lg's px-6 (24 px) to the variant's.
    expect(await style(page.getByRole('link', { name: /Salone Leggero/ }))).toMatchObject({
      justifyContent: 'space-between',
      paddingLeft: '24px',
      fontSize: '18px',
    });

    await page.goto(`${server.url}/${slug}/login`);
    await heading(page, /Accedi/);
    // PasswordInput's pr-12 (48 px) keeps clear of its toggle, over Input's px-3.
    expect(await style(page.getByLabel('Password', { exact: true }))).toMatchObject({
      paddingLeft: '12px',
      paddingRight: '48px',
    });
    expect(loaded(scripts, tailwindMergeMarker)).toEqual([]);
    await page.close();
  });

  it('loads no tailwind-merge on a signed-in customer screen (Crediti) either', async () => {
    const page = await browser.newPage({ viewport: phone });
    await signInThroughForm(page, `${server.url}/${slug}/login`, anna);
    await heading(page, 'Anagrafica');

    const scripts = watchScripts(page);
    await page.goto(`${server.url}/client/crediti`);
    await heading(page, 'Crediti');
    await page.getByTestId('available-credit').waitFor();
    await page.waitForLoadState('networkidle');
    expect([...scripts.keys()].filter((url) => /client-area/.test(url))).toHaveLength(1);
    expect(loaded(scripts, tailwindMergeMarker)).toEqual([]);
    await page.close();
  });

  it("loads no tailwind-merge on a merchant screen (Registrazioni), where a className passed to an area's component still wins over its own classes", async () => {
    const page = await browser.newPage({ viewport: phone });
    await signInThroughForm(page, `${server.url}/merchant/${slug}`, leggero);
    await heading(page, /Registrazioni/);

    const scripts = watchScripts(page);
    await page.reload();
    await heading(page, /Registrazioni/);
    await page.waitForLoadState('networkidle');
    expect([...scripts.keys()].filter((url) => /dashboard-area/.test(url))).toHaveLength(1);
    expect(loaded(scripts, tailwindMergeMarker)).toEqual([]);

    const padding = (locator: Locator) =>
      locator.evaluate((element) => {
        const { paddingLeft, paddingRight, textAlign } = getComputedStyle(element);
        return { paddingLeft, paddingRight, textAlign };
      });
    // SuffixedInput's pr-10 (40 px) keeps clear of its '€', over Input's px-3 (12 px).
    expect(await padding(page.getByLabel('Spesa', { exact: true }))).toEqual({
      paddingLeft: '12px',
      paddingRight: '40px',
      textAlign: 'right',
    });

    // The 'Altro' sheet's className lays Dialog's centred box along the bottom edge, full width.
    await areaNav(page).getByRole('button', { name: 'Altro', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Altro' });
    await sheet.waitFor();
    const box = await sheet.evaluate((element) => {
      const { left, right, bottom } = element.getBoundingClientRect();
      return { left, right, bottom, width: window.innerWidth, height: window.innerHeight };
    });
    expect(box).toEqual({
      left: 0,
      right: box.width,
      bottom: box.height,
      width: phone.width,
      height: phone.height,
    });

    // 'Giorni per lo storno' widens SuffixedInput's pr-10 to pr-20 (80 px) for 'giorni'.
    await sheet.getByRole('link', { name: 'Impostazioni', exact: true }).click();
    await heading(page, 'Impostazioni');
    await page.getByRole('tab', { name: 'Salone' }).click();
    expect(await padding(page.getByLabel('Giorni per lo storno'))).toEqual({
      paddingLeft: '12px',
      paddingRight: '80px',
      textAlign: 'right',
    });
    expect(loaded(scripts, tailwindMergeMarker)).toEqual([]);
    await page.close();
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

  it("downloads neither Storage, nor the QR code's, nor a list box's code for a customer's first screen", async () => {
    const page = await browser.newPage({ viewport: phone });
    const scripts = watchScripts(page);
    await signInThroughForm(page, `${server.url}/${slug}/login`, anna);
    await heading(page, 'Anagrafica');
    await openFromNav(page, 'Crediti');
    await heading(page, 'Crediti');
    await page.waitForLoadState('networkidle');
    expect(loaded(scripts, markers.realtime)).toHaveLength(1);
    for (const marker of [markers.storage, qrCodeMarker, listBoxMarker])
      expect(loaded(scripts, marker), marker).toEqual([]);

    await openFromNav(page, 'Presenta');
    await page.getByRole('img', { name: /QR/ }).waitFor();
    expect(loaded(scripts, qrCodeMarker)).toHaveLength(1);
    await page.close();
  });

  it("asks for the customer's and the merchant's first screen data while their area's code downloads", async () => {
    for (const { login, email, password, landing, screen, area, rpc } of [
      {
        login: `/${slug}/login`,
        email: 'anna@example.com',
        password: 'password-anna',
        landing: 'Anagrafica',
        screen: ['/client/crediti', 'Crediti'],
        area: /\/assets\/client-area-[\w-]+\.js$/,
        rpc: 'client_credit',
      },
      {
        login: `/merchant/${slug}`,
        email: 'leggero@example.com',
        password: 'password-leggero',
        landing: 'Registrazioni',
        screen: ['/dashboard/registrazioni', 'Registrazioni'],
        area: /\/assets\/dashboard-area-[\w-]+\.js$/,
        rpc: 'merchant_clients',
      },
    ]) {
      const context = await browser.newContext({ viewport: phone, serviceWorkers: 'block' });
      const page = await context.newPage();
      await signInThroughForm(page, `${server.url}${login}`, { email, password });
      await heading(page, landing);

      // A cold load of the screen, its area's code held back until the screen's data is asked for
      // (at most 5 s: without the prefetch, the data comes after the code).
      const order: string[] = [];
      let dataAsked = () => {};
      const asked = new Promise<void>((resolve) => (dataAsked = resolve));
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === `/rest/v1/rpc/${rpc}`) {
          order.push('data');
          dataAsked();
        }
      });
      await page.route(area, async (route) => {
        await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        order.push('area code');
        await route.continue();
      });
      await page.goto(`${server.url}${screen[0]}`);
      await heading(page, screen[1]!);
      expect(order.slice(0, 2), screen[0]).toEqual(['data', 'area code']);
      await context.close();
    }
  });

  it('asks for the credit at the salon chosen on this device without waiting for whoami', async () => {
    const context = await browser.newContext({ viewport: phone, serviceWorkers: 'block' });
    const page = await context.newPage();
    await signInThroughForm(page, `${server.url}/${slug}/login`, anna);
    await heading(page, 'Anagrafica');

    // whoami's answer held back until the credit is asked for (at most 5 s).
    const order: string[] = [];
    let creditAsked = () => {};
    const asked = new Promise<void>((resolve) => (creditAsked = resolve));
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/rest/v1/rpc/client_credit') {
        order.push('credit asked');
        creditAsked();
      }
    });
    await page.route('**/rest/v1/rpc/whoami', async (route) => {
      await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      order.push('whoami answered');
      await route.continue();
    });
    await page.goto(`${server.url}/client/crediti`);
    await heading(page, 'Crediti');
    expect(order.slice(0, 2)).toEqual(['credit asked', 'whoami answered']);
    await context.close();
  });

  it('shows a signed-in screen first with its data, never a placeholder the data then pushes aside', async () => {
    const context = await browser.newContext({ viewport: phone, serviceWorkers: 'block' });
    const page = await context.newPage();
    await signInThroughForm(page, `${server.url}/merchant/${slug}`, leggero);
    await heading(page, 'Registrazioni');

    // A cold load where the clients arrive a second after the area's code: a placeholder (grey
    // blocks) in the screen at any moment is recorded (the frame painted before the app, replaced
    // whole, aside).
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { placeholdersSeen: seen });
      new MutationObserver(() => {
        if (document.querySelector('main .ui-skeleton:not([data-area-shell] *)')) seen.push('placeholder');
      }).observe(document, { subtree: true, childList: true });
    });
    await page.route('**/rest/v1/rpc/merchant_clients', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto(`${server.url}/dashboard/registrazioni`);
    await heading(page, 'Registrazioni');
    await page.getByRole('button', { name: /Anna Bianchi/ }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { placeholdersSeen: string[] }).placeholdersSeen),
    ).toEqual([]);
    await context.close();
  });

  it('loads no classic zod on the signed-in screens either: Crediti for the customer, Registrazioni for the merchant', async () => {
    for (const [loginPath, email, password, screen] of [
      [`/${slug}/login`, 'anna@example.com', 'password-anna', 'Crediti'],
      [`/merchant/${slug}`, 'leggero@example.com', 'password-leggero', 'Registrazioni'],
    ] as const) {
      const page = await browser.newPage({ viewport: phone });
      const scripts = watchScripts(page);
      await signInThroughForm(page, `${server.url}${loginPath}`, { email, password });
      // The customer lands on Anagrafica, the merchant on Registrazioni.
      if (screen === 'Crediti') await openFromNav(page, screen);
      await heading(page, screen);
      await page.waitForLoadState('networkidle');
      expect(
        [...scripts.keys()].some((url) => /(client|dashboard)-area/.test(url)),
        screen,
      ).toBe(true);
      expect(loaded(scripts, markers.classicZod), screen).toEqual([]);
      await page.close();
    }
  });

  it('downloads the client tree only when the merchant opens it in Struttura', async () => {
    const page = await browser.newPage({ viewport: phone });
    const scripts = watchScripts(page);
    await signInThroughForm(page, `${server.url}/merchant/${slug}`, leggero);
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
