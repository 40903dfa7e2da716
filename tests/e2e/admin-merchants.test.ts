import { AxeBuilder } from '@axe-core/playwright';
import jsQR from 'jsqr';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';

const adminEmail = 'admin@passaparola.test';
const adminPassword = 'amministratore-sicuro';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Waits for a toast of a kind ('success' is green, 'error' red) that says `text`. */
async function waitForToast(page: Page, type: 'success' | 'error', text: string): Promise<void> {
  await page.locator(`[data-sonner-toast][data-type="${type}"]`, { hasText: text }).waitFor();
}

/** Toasts leave by themselves after 4 or 7 seconds. */
async function waitForToastsToLeave(page: Page): Promise<void> {
  await page.locator('[data-sonner-toast]').last().waitFor({ state: 'detached', timeout: 20_000 });
}

async function addMerchant(
  page: Page,
  merchant: { name: string; phone: string; email: string; password: string; website?: string },
) {
  await page.getByLabel('Nome').fill(merchant.name);
  await page.getByLabel('Telefono').fill(merchant.phone);
  await page.getByLabel('Email').fill(merchant.email);
  await page.getByLabel('Password').fill(merchant.password);
  await page.getByLabel('Sito Web').fill(merchant.website ?? '');
  await page.getByRole('button', { name: 'Aggiungi Commerciante' }).click();
}

/** Decodes a downloaded QR PNG: its size and the address it holds. */
function decodeQr(path: string): { width: number; height: number; text: string | undefined } {
  const png = PNG.sync.read(readFileSync(path));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { width: png.width, height: png.height, text: code?.data };
}

describe('the platform admin manages merchants', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    server = await startAppServer({ config: { adminEmail, adminPassword } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: phone, acceptDownloads: true, locale: 'it-IT' });
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in at /admin and lands on an empty Gestione Commercianti', async () => {
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL('**/admin/merchants');
    await page.getByRole('heading', { level: 1, name: 'Gestione Commercianti' }).waitFor();
    await page.getByText('Nessun commerciante registrato').waitFor();
    const nav = page.getByRole('navigation');
    for (const item of ['Commercianti', 'Riepilogo', 'Struttura']) {
      expect(await nav.getByRole('link', { name: item, exact: true }).count()).toBe(1);
    }
    expect(await nav.getByRole('button', { name: 'Esci', exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-merchants-empty-phone');
  });

  it('refuses an empty form and an invalid e-mail in the form, with announced errors', async () => {
    await page.getByRole('button', { name: 'Aggiungi Commerciante' }).click();
    await page.getByText('Inserisci il nome').waitFor();
    expect(await page.getByRole('alert').allTextContents()).toEqual(
      expect.arrayContaining([
        'Inserisci il nome',
        'Inserisci il telefono',
        'Inserisci un indirizzo email valido',
      ]),
    );
    expect(await page.getByLabel('Nome').getAttribute('aria-invalid')).toBe('true');

    await addMerchant(page, {
      name: 'Centro Luna',
      phone: '06 1234567',
      email: 'non-una-email',
      password: 'segreta1',
    });
    await page.getByText('Inserisci un indirizzo email valido').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-merchants-form-errors-phone');
    expect(await page.getByText('Nessun commerciante registrato').isVisible()).toBe(true);

    await addMerchant(page, {
      name: 'Centro Luna',
      phone: '06 1234567',
      email: 'luna@centri.test',
      password: 'segreta1',
      website: 'ciao',
    });
    await page
      .getByText('Il sito web non è un indirizzo web valido (esempio: https://www.salone.it)')
      .waitFor();
    expect(await page.getByLabel('Sito Web').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Nessun commerciante registrato').isVisible()).toBe(true);
  });

  it('creates two merchants, clears the form and lists them newest first', async () => {
    await addMerchant(page, {
      name: 'Centro Estetico Luna',
      phone: '06 1234567',
      email: 'luna@centri.test',
      password: 'segreta1',
      website: 'https://luna.example',
    });
    await waitForToast(page, 'success', 'Centro Estetico Luna');
    expect(await page.getByLabel('Nome').inputValue()).toBe('');
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    await page.getByRole('heading', { name: 'Centro Estetico Luna' }).waitFor();

    await addMerchant(page, {
      name: 'Spa Sole',
      phone: '02 7654321',
      email: 'sole@centri.test',
      password: 'segreta2',
    });
    await page.getByRole('heading', { name: 'Spa Sole' }).waitFor();
    expect(await page.getByRole('article').locator('h3').allTextContents()).toEqual([
      'Spa Sole',
      'Centro Estetico Luna',
    ]);

    const sole = page.getByRole('article', { name: 'Spa Sole' });
    const soleText = await sole.textContent();
    expect(soleText).toContain('02 7654321');
    expect(soleText).toContain('sole@centri.test');
    expect(await sole.locator('dd').nth(2).textContent()).toBe('—');
    expect(
      await sole.getByRole('link', { name: `${server.url}/spasole/register` }).getAttribute('href'),
    ).toBe(`${server.url}/spasole/register`);
    expect(await sole.getByRole('link', { name: `${server.url}/merchant/spasole` }).count()).toBe(1);
    const luna = page.getByRole('article', { name: 'Centro Estetico Luna' });
    expect(await luna.textContent()).toContain('https://luna.example');
  });

  it('shows why a merchant is refused: the name taken, the e-mail already registered', async () => {
    await addMerchant(page, {
      name: 'Spa  sole!',
      phone: '02 1111111',
      email: 'altra@centri.test',
      password: 'segreta3',
    });
    await waitForToast(page, 'error', 'Esiste già un commerciante con questo nome');
    expect(await page.getByLabel('Nome').inputValue()).toBe('Spa  sole!');

    await addMerchant(page, {
      name: 'Spa Stella',
      phone: '02 1111111',
      email: 'luna@centri.test',
      password: 'segreta3',
    });
    // Told to an administrator: no 'accedi per continuare'.
    await waitForToast(page, 'error', 'Esiste già un account con questa email: usane un’altra');
    expect(await page.getByText('accedi per continuare').count()).toBe(0);
    await screenshot(page, 'admin-merchants-refused-phone');

    expect(await page.getByRole('article').locator('h3').count()).toBe(2);
    expect(consoleErrors.filter((text) => text.includes('error during merchant registration'))).toHaveLength(
      2,
    );
  });

  it('downloads a 128 px QR code of the merchant page, or of a typed address', async () => {
    const luna = page.getByRole('article', { name: 'Centro Estetico Luna' });
    let [download] = await Promise.all([
      page.waitForEvent('download'),
      luna.getByRole('button', { name: 'Genera e Scarica' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('qrcode_centroesteticoluna.png');
    expect(decodeQr(await download.path())).toEqual({
      width: 128,
      height: 128,
      text: `${server.url}/centroesteticoluna`,
    });

    await luna.getByLabel('Inserisci indirizzo web').fill('https://luna.example/promo');
    [download] = await Promise.all([
      page.waitForEvent('download'),
      luna.getByRole('button', { name: 'Genera e Scarica' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('qrcode_centroesteticoluna.png');
    expect(decodeQr(await download.path()).text).toBe('https://luna.example/promo');
  });

  it('looks right and passes axe on a phone and on a desktop', async () => {
    await waitForToastsToLeave(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-merchants-phone');
    await page.setViewportSize(desktop);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-merchants-desktop');
  });
});
