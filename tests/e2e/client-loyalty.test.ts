import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { confirmAddressOf, registerPurchase, signedIn } from '../support/fixtures.ts';
import type { TestClient, TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  openFromNav,
  waitForPath,
  formFocusSettled,
} from './helpers.ts';
import { todayInRome } from '@/lib/format';

const merchantAccount = {
  name: 'Centro Lumière',
  email: 'lumiere@salone.test',
  password: 'lumiere-password',
};
const customer = { name: 'Chiara Neri', email: 'chiara@cliente.test', password: 'chiara-password' };
const friend = { name: 'Marta Bianchi', email: 'marta@cliente.test', password: 'marta-password' };

/** Today as the screens show it: dd-mm-yyyy in Rome. */
function today(): string {
  const [year, month, day] = todayInRome().split('-');
  return `${day}-${month}-${year}`;
}

describe("a customer's loyalty screens, as the customer uses them", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let merchant: TestClient;
  let slug: string;
  let code: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    ({ slug } = await createMerchant(server, merchantAccount));
    merchant = await signedIn(server, merchantAccount);
    context = await browser.newContext({ viewport: phone });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    // Without a share sheet (as on a desktop browser), 'Condividi' copies to the clipboard.
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(linkName: string, title: string) {
    await openFromNav(page, linkName);
    return heading(page, title);
  }

  /** axe on the phone, then a screenshot at both widths. */
  async function check(name: string) {
    await expectAccessible(page);
    await screenshot(page, `${name}-phone`);
    await page.setViewportSize(desktop);
    await expectAccessible(page);
    await screenshot(page, `${name}-desktop`);
    await page.setViewportSize(phone);
  }

  const toast = (type: 'success' | 'error' | 'info', text: string) =>
    page.locator(`[data-sonner-toast][data-type="${type}"]`, { hasText: text });

  it('joins through the registration page and sees its data in Anagrafica', async () => {
    await page.goto(`${server.url}/${slug}/register`);
    await page.getByLabel('Nome').fill(customer.name);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByLabel('Telefono').fill('333 111 2222');
    await page.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
    await page.getByRole('button', { name: 'Registrati', exact: true }).click();
    await waitForPath(page, '/client/profile');
    await heading(page, 'Anagrafica');

    const codeField = page.getByLabel('Codice cliente');
    await expect.poll(() => codeField.inputValue()).toMatch(/^A\d{5}$/);
    code = await codeField.inputValue();
    // She opens the link e-mailed to her address, so her code may present friends.
    await confirmAddressOf(server, customer.email);
    await expect(page.getByLabel('Nome').inputValue()).resolves.toBe(customer.name);
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(customer.email);
    await expect(page.getByLabel('Email').getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByLabel('Telefono').inputValue()).resolves.toBe('333 111 2222');
    await check('client-profile');
  });

  it('changes the phone, refuses an unchanged or empty one, and keeps the change', async () => {
    const save = page.getByRole('button', { name: 'Salva modifiche' });
    await save.click();
    await toast('info', 'Nessuna modifica effettuata').waitFor();

    await page.getByLabel('Telefono').fill('');
    await save.click();
    await page.getByRole('alert').filter({ hasText: 'Il telefono è obbligatorio' }).waitFor();
    await formFocusSettled(page);

    await page.getByLabel('Telefono').fill('347 555 0000');
    await save.click();
    await toast('success', 'Telefono aggiornato!').waitFor();
    await page.reload();
    await heading(page, 'Anagrafica');
    await expect.poll(() => page.getByLabel('Telefono').inputValue()).toBe('347 555 0000');
  });

  it('sees the credit change live while the salon registers purchases, with the reasons', async () => {
    await open('Crediti', 'Crediti');
    const available = page.getByTestId('available-credit');
    await expect.poll(() => available.textContent()).toBe('€ 0,00');
    await page.getByText('Nessun movimento del credito.').waitFor();
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    await registerPurchase(merchant, code, 100, 0);
    await expect.poll(() => available.textContent(), { timeout: 15_000 }).toBe('€ 5,00');
    await registerPurchase(merchant, code, 40, 2);
    // 5,00 − 2,00 + 5 % of 38,00
    await expect.poll(() => available.textContent(), { timeout: 15_000 }).toBe('€ 4,90');
    await expect(page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).resolves.toBe(
      true,
    );

    const entries = page.getByRole('region', { name: 'Movimenti del credito' }).getByRole('listitem');
    await expect.poll(() => entries.allInnerTexts()).toHaveLength(3);
    const texts = (await entries.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    expect(texts).toEqual(
      expect.arrayContaining([
        `Acquisto ${today()} +€ 5,00`,
        `Acquisto ${today()} +€ 1,90`,
        `Sconto utilizzato ${today()} −€ 2,00`,
      ]),
    );
    await check('client-crediti');
  });

  it('lists the purchases newest first, with date, spend, discount and net', async () => {
    await open('Acquisti', 'Acquisti');
    const purchases = page.getByRole('list', { name: '2 acquisti' }).getByRole('listitem');
    await expect.poll(() => purchases.count()).toBe(2);
    const [newest, oldest] = (await purchases.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    expect(newest).toBe(`Acquisto del ${today()} Spesa € 40,00 Sconto utilizzato € 2,00 Netto € 38,00`);
    expect(oldest).toBe(`Acquisto del ${today()} Spesa € 100,00 Sconto utilizzato € 0,00 Netto € 100,00`);
    await check('client-acquisti');
  });

  it('copies the personal link and offers WhatsApp and a QR code', async () => {
    await open('Presenta', 'Presenta un amico');
    const link = `${server.url}/${slug}/register?ref=${code}`;
    await page.getByRole('heading', { name: 'Il tuo link personale' }).waitFor();
    await expect(page.getByTestId('referral-link').textContent()).resolves.toBe(link);
    await page.getByText(/fino alla terza generazione/).waitFor();

    await page.getByRole('button', { name: 'Condividi' }).click();
    await toast('success', 'Link copiato negli appunti!').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(link);
    expect(copied).toContain('Centro Lumière');

    const whatsapp = await page.getByRole('link', { name: /Invia su WhatsApp/ }).getAttribute('href');
    expect(whatsapp?.startsWith('https://wa.me/?text=')).toBe(true);
    expect(new URL(whatsapp ?? '').searchParams.get('text')).toBe(copied);
    await page.getByRole('img', { name: 'Codice QR del tuo link personale' }).waitFor();
    await check('client-presenta');
  });

  it('shows in Struttura the friends who joined through the link, by generation', async () => {
    await open('Struttura', 'Struttura');
    await page
      .getByText('Non hai ancora presentato nessuno: condividi il tuo link da Presenta un amico.')
      .waitFor();
    await expectAccessible(page);

    // A friend opens the link in her own browser and registers.
    const friendContext = await browser.newContext({ viewport: phone });
    const friendPage = await friendContext.newPage();
    await friendPage.goto(`${server.url}/${slug}/register?ref=${code}`);
    await expect(friendPage.getByLabel('Codice amico').inputValue()).resolves.toBe(code);
    await friendPage.getByLabel('Nome').fill(friend.name);
    await friendPage.getByLabel('Email').fill(friend.email);
    await friendPage.getByLabel('Password').fill(friend.password);
    await friendPage.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
    await friendPage.getByRole('button', { name: 'Registrati', exact: true }).click();
    await waitForPath(friendPage, '/client/profile');
    const friendCode = await friendPage.getByLabel('Codice cliente').inputValue();
    await friendContext.close();
    await confirmAddressOf(server, friend.email);
    // ... who presents someone in turn.
    const luciaCode = await joinMerchant(server, {
      merchantSlug: slug,
      name: 'Lucia Gialli',
      email: 'lucia@cliente.test',
      password: 'lucia-password',
      sponsorCode: friendCode,
    });
    const elenaCode = await joinMerchant(server, {
      merchantSlug: slug,
      name: 'Elena Viola',
      email: 'elena@cliente.test',
      password: 'elena-password',
      sponsorCode: luciaCode,
    });
    // The fourth generation is beyond what the customer's tree shows.
    await joinMerchant(server, {
      merchantSlug: slug,
      name: 'Franca Rosa',
      email: 'franca@cliente.test',
      password: 'franca-password',
      sponsorCode: elenaCode,
    });

    await page.reload();
    await heading(page, 'Struttura');
    const tree = page.getByRole('list', { name: 'Le persone che hai presentato' });
    await tree.getByText('Marta B.').waitFor();
    const marta = tree.getByRole('listitem').filter({ hasText: 'Marta B.' }).first();
    await expect(marta.innerText()).resolves.toContain(friendCode);
    await expect(marta.innerText()).resolves.toContain('1ª gen.');
    const second = page.getByRole('list', { name: 'presentati da Marta B.' }).getByRole('listitem');
    await expect(second.first().innerText()).resolves.toMatch(/2ª gen\.\s+Lucia G\.\s+A\d{5}/);
    const third = page.getByRole('list', { name: 'presentati da Lucia G.' }).getByRole('listitem');
    await expect(third.innerText()).resolves.toMatch(/3ª gen\.\s+Elena V\.\s+A\d{5}/);
    await expect(tree.innerText()).resolves.not.toContain('Franca');
    await expect(tree.innerText()).resolves.not.toContain('@');
    await page.getByText('1ª generazione: 1').waitFor();
    await page.getByText('2ª generazione: 1').waitFor();
    await page.getByText('3ª generazione: 1').waitFor();
    await check('client-struttura');

    // The friend's purchase credits the customer as 1st generation, live on Crediti.
    await open('Crediti', 'Crediti');
    await expect.poll(() => page.getByTestId('available-credit').textContent()).toBe('€ 4,90');
    await registerPurchase(merchant, friendCode, 50, 0);
    await expect
      .poll(() => page.getByTestId('available-credit').textContent(), { timeout: 15_000 })
      .toBe('€ 6,40');
    await page.getByText('Credito da 1ª generazione').waitFor();
  });
});
