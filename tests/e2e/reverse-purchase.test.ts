import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { registerPurchase, signedIn } from '../support/fixtures.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  closeToasts,
  appServerOptions,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  openFromNav,
  waitForPath,
} from './helpers.ts';

const merchantAccount = { name: 'Salone Storno', email: 'storno@centri.test', password: 'segreta-storno' };
const bea = { name: 'Bea', email: 'bea@clienti.test', password: 'password123' };

/** Today in Rome as the screens show it, 'dd-mm-yyyy'. */
function todayShown(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year}`;
}

async function toast(page: Page, type: 'success' | 'error', text: string): Promise<void> {
  await page.locator(`[data-sonner-toast][data-type="${type}"]`).filter({ hasText: text }).first().waitFor();
}

describe('a merchant reverses a purchase and the customer sees it on Crediti', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let slug: string;
  const today = todayShown();

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, merchantAccount)).slug;
    // Anna (root) ─ Bea. Bea buys for € 100 (5%: € 5,00; Anna 3%: € 3,00), then spends her € 5,00
    // on a € 10 purchase (5% of € 5: € 0,25; Anna € 0,15).
    const anna = await joinMerchant(server, {
      merchantSlug: slug,
      name: 'Anna',
      email: 'anna@clienti.test',
      password: 'password123',
    });
    const beaCode = await joinMerchant(server, { merchantSlug: slug, ...bea, sponsorCode: anna });
    const merchant = await signedIn(server, merchantAccount);
    await registerPurchase(merchant, beaCode, 100);
    await registerPurchase(merchant, beaCode, 10, 5);
    page = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('reverses a purchase from Movimenti on a phone, with a required reason', async () => {
    await page.goto(`${server.url}/merchant/${slug}`);
    await page.getByLabel('Email').fill(merchantAccount.email);
    await page.getByLabel('Password').fill(merchantAccount.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await waitForPath(page, '/dashboard/registrazioni');

    // The window of days, among the salon's rules in Impostazioni (no longer on Percentuali): 30 by
    // default, whole days from 1 to 365.
    await openFromNav(page, 'Percentuali');
    await heading(page, 'Percentuali');
    await page.getByRole('button', { name: 'Salva percentuali' }).waitFor();
    expect(await page.getByLabel('Giorni per lo storno').count()).toBe(0);
    await openFromNav(page, 'Impostazioni');
    await heading(page, 'Impostazioni');
    await page.getByRole('tab', { name: 'Salone' }).click();
    const rules = page.getByRole('region', { name: 'Storno degli acquisti' });
    const days = rules.getByLabel('Giorni per lo storno');
    await expect.poll(() => days.inputValue()).toBe('30');
    await days.fill('0');
    await rules.getByRole('button', { name: 'Salva giorni' }).click();
    await rules.getByText('Inserisci un numero intero di giorni tra 1 e 365').waitFor();
    // Beside a refused value the unit would read as part of the mistake: it shows again once corrected.
    const unit = rules.getByText('giorni', { exact: true });
    expect(await unit.count()).toBe(0);
    await days.fill('45');
    await rules.getByRole('button', { name: 'Salva giorni' }).click();
    await toast(page, 'success', 'Modifica avvenuta con successo!');
    await unit.waitFor();
    await closeToasts(page);
    await expectAccessible(page);
    await screenshot(page, 'merchant-storno-window-phone');

    await openFromNav(page, 'Movimenti');
    await heading(page, 'Storico Movimenti');
    await page.getByText('2 movimenti').waitFor();

    // Newest first: the € 100 purchase is the second card.
    const cards = page.getByRole('main').getByRole('listitem');
    const first = cards.filter({ hasText: '€ 100,00' });
    await first.getByRole('button', { name: `Storna l’acquisto di Bea del ${today}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Storna acquisto' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Conferma storno' }).click();
    await dialog.getByText('Il motivo dello storno è obbligatorio').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'merchant-storno-dialog-phone');

    await dialog.getByLabel('Motivo dello storno').fill('Cliente rimborsata');
    await dialog.getByLabel('Numero documento di annullo o reso').fill('RES-0001');
    await dialog.getByRole('button', { name: 'Conferma storno' }).click();
    await toast(page, 'success', 'Storno registrato con successo!');
    await dialog.waitFor({ state: 'detached' });

    // The reversing movement joins the list; the purchase shows 'Stornato' with the reason.
    await page.getByText('3 movimenti').waitFor();
    const reversed = cards.filter({ hasText: '€ 100,00' }).filter({ hasText: 'Stornato' });
    await reversed.getByText('Motivo: Cliente rimborsata').waitFor();
    expect(await reversed.getByRole('button', { name: /Storna/ }).count()).toBe(0);
    const reversal = cards.filter({ hasText: '-€ 100,00' });
    await reversal.getByText('Storno', { exact: true }).waitFor();
    expect(await cards.getByRole('button', { name: /Storna/ }).count()).toBe(1);
    // Told apart at a glance: 'Stornato' a filled badge, 'Storno' a plain label with its arrow.
    const background = (locator: Locator) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    const stornato = reversed.getByText('Stornato', { exact: true });
    const storno = reversal.getByText('Storno', { exact: true });
    expect(await background(stornato)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await background(storno)).toBe('rgba(0, 0, 0, 0)');
    expect(await storno.locator('svg').count()).toBe(1);
    await closeToasts(page);
    await expectAccessible(page);
    await screenshot(page, 'merchant-storno-movimenti-phone');
  });

  it('finds the purchase and its storno by the void document number behind "Filtri"', async () => {
    const filters = page.getByRole('button', { name: /^Filtri/ });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    await filters.click();
    await page.getByLabel('Numero scontrino').fill('res-0001');
    await page.getByRole('button', { name: 'Filtra' }).click();
    await page.getByText('2 movimenti').waitFor();
    expect(await filters.innerText()).toBe('Filtri (1)');
    const cards = page.getByRole('main').getByRole('listitem');
    expect(await cards.filter({ hasText: 'Stornato' }).count()).toBe(1);
    expect(await cards.filter({ hasText: '-€ 100,00' }).count()).toBe(1);
    await expectAccessible(page);
    await screenshot(page, 'merchant-movimenti-scontrino-phone');
    await filters.click();
    await filters.waitFor();
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    // Folded, the filter is kept and still counted.
    await page.getByText('2 movimenti').waitFor();
    await page.getByRole('button', { name: 'Filtri (1)' }).waitFor();
  });

  it('opens the filters at once on a wide screen', async () => {
    await page.setViewportSize(desktop);
    await page.reload();
    await heading(page, 'Storico Movimenti');
    const filters = page.getByRole('button', { name: 'Filtri', exact: true });
    await filters.waitFor();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    await page.getByLabel('Numero scontrino').waitFor();
    await page.getByText('3 movimenti').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'merchant-movimenti-filtri-desktop');
  });

  it('shows the reversed state in the desktop table too', async () => {
    await page.setViewportSize(desktop);
    const table = page.getByRole('table');
    await table.waitFor();
    const row = table.getByRole('row').filter({ hasText: 'Stornato' });
    await row.getByText('Motivo: Cliente rimborsata').waitFor();
    expect(await row.textContent()).toContain('€ 100,00');
    await expectAccessible(page);
    await screenshot(page, 'merchant-storno-movimenti-desktop');
    await page.setViewportSize(phone);
  });

  it('opens Movimenti with one request: each row brings its reversal', async () => {
    // A fresh tab of the same session: nothing of Movimenti is cached yet.
    const tab = await page.context().newPage();
    await tab.goto(`${server.url}/dashboard/percentuali`);
    await heading(tab, 'Percentuali');
    await tab.waitForTimeout(500);
    const asked: string[] = [];
    tab.on('request', (request) => {
      const name = /\/rest\/v1\/rpc\/(\w+)/.exec(request.url())?.[1];
      if (name) asked.push(name);
    });
    await openFromNav(tab, 'Movimenti');
    const reversed = tab.getByRole('main').getByRole('listitem').filter({ hasText: 'Stornato' });
    await reversed.getByText('Motivo: Cliente rimborsata').waitFor();
    await tab.waitForTimeout(500);
    expect(asked).toEqual(['merchant_movements']);
    await tab.close();
  });

  it('shows the customer a negative balance and the reversal entries on Crediti', async () => {
    const customer = await browser.newPage({ viewport: phone, locale: 'it-IT' });
    await customer.goto(`${server.url}/${slug}/login`);
    await customer.getByLabel('Email').fill(bea.email);
    await customer.getByLabel('Password').fill(bea.password);
    await customer.getByRole('button', { name: 'Accedi' }).click();
    await waitForPath(customer, '/client/profile');
    await openFromNav(customer, 'Crediti');
    await heading(customer, 'Crediti');
    // € 5,00 − € 5,00 used + € 0,25, then the reversal takes back € 5,00: − € 4,75.
    await expect.poll(() => customer.getByTestId('available-credit').textContent()).toBe('-€ 4,75');
    await customer
      .getByRole('note')
      .getByText(/Il credito è negativo/)
      .waitFor();
    const entries = customer.getByRole('listitem').filter({ hasText: `Storno acquisto del ${today}` });
    expect(await entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain('−€ 5,00');
    await expectAccessible(customer);
    await screenshot(customer, 'client-crediti-storno-phone');
    await customer.setViewportSize(desktop);
    await expectAccessible(customer);
    await screenshot(customer, 'client-crediti-storno-desktop');
    await customer.close();
  });
});
