import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import {
  joinSalonAccount as joinMerchant,
  registerPurchase,
  rpcData,
  signedIn,
} from '../support/fixtures.ts';
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

/** The cells of a summary row, found by its header the way a person reads the table. */
async function rowValues(page: Page, card: ReturnType<Page['getByRole']>, label: string): Promise<string[]> {
  const row = card
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  return row.getByRole('cell').allTextContents();
}

describe('the platform admin reads campaign summaries and client trees', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startAppServer({ config: { adminEmail, adminPassword } });
    browser = await launchBrowser();

    // Two merchants; Salone Aurora has a network of five clients and five purchases:
    // Anna (root) ─ Bea (1st gen.) ─ Carla (2nd) ─ Dora (3rd); Elena (root).
    const admin = await signedIn(server, { email: adminEmail, password: adminPassword });
    await rpcData(admin, 'admin_create_merchant', {
      name: 'Salone Aurora',
      phone: '06 1111111',
      email: 'aurora@centri.test',
      password: 'segreta1',
    });
    await rpcData(admin, 'admin_create_merchant', {
      name: 'Spa Borea',
      phone: '06 2222222',
      email: 'borea@centri.test',
      password: 'segreta2',
    });
    // Each confirms her address, as a sponsor must have.
    const join = (name: string, sponsorCode?: string) =>
      joinMerchant(server, {
        merchantSlug: 'saloneaurora',
        name,
        email: `${name.toLowerCase()}@clienti.test`,
        password: 'password123',
        sponsorCode,
      });
    const anna = await join('Anna');
    const bea = await join('Bea', anna);
    const carla = await join('Carla', bea);
    const dora = await join('Dora', carla);
    const elena = await join('Elena');
    expect([anna, bea, carla, dora, elena]).toEqual(['A00001', 'A00002', 'A00003', 'A00004', 'A00005']);

    const merchant = await signedIn(server, { email: 'aurora@centri.test', password: 'segreta1' });
    const purchase = (clientCode: string, spend: number, discount: number) =>
      registerPurchase(merchant, clientCode, spend, discount);
    await purchase(anna, 100, 0); // Anna earns 5% personal credit: € 5,00
    await purchase(anna, 40, 5);
    await purchase(bea, 50, 0);
    await purchase(dora, 20, 0);
    await purchase(elena, 10, 0);

    const context = await browser.newContext({ viewport: phone, locale: 'it-IT' });
    page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL('**/admin/merchants');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows one closed card per merchant in Riepilogo Campagne', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Riepilogo' }).click();
    await page.getByRole('heading', { level: 1, name: 'Riepilogo Campagne' }).waitFor();
    const toggles = page.getByRole('button', { name: /Salone Aurora|Spa Borea/ });
    await toggles.first().waitFor();
    expect(await toggles.allTextContents()).toEqual([
      expect.stringContaining('Spa Borea'),
      expect.stringContaining('Salone Aurora'),
    ]);
    for (const toggle of await toggles.all())
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('table').count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-riepilogo-closed-phone');
  });

  it('opens a card on its arrow and shows the figures of the registered clients and purchases', async () => {
    const toggle = page.getByRole('button', { name: /Salone Aurora/ });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const card = page.getByRole('listitem').filter({ has: toggle });
    await card.getByRole('table').first().waitFor();

    expect(await card.getByRole('columnheader').allTextContents()).toEqual([
      ...['Totale', 'Ieri', 'Ultima settimana', 'Ultimo mese'],
      ...['Totale', 'Ieri', 'Ultima settimana'],
      ...['Totale', 'Ieri', 'Ultima settimana'],
      ...['Totale', 'Ieri'],
    ]);
    // Everything was registered today: the windows (yesterday, the 7 days before today, last month) are empty.
    expect(await rowValues(page, card, 'Clienti registrati')).toEqual(['5', '0', '0', '0']);
    expect(await rowValues(page, card, 'Prime presentazioni')).toEqual(['1', '0', '0']);
    expect(await rowValues(page, card, 'Seconde presentazioni')).toEqual(['1', '0', '0']);
    expect(await rowValues(page, card, 'Terze presentazioni')).toEqual(['1', '0', '0']);
    expect(await rowValues(page, card, 'Fatturato lordo')).toEqual(['€ 220,00', '€ 0,00', '€ 0,00']);
    expect(await rowValues(page, card, 'Sconti utilizzati')).toEqual(['€ 5,00', '€ 0,00', '€ 0,00']);
    expect(await rowValues(page, card, 'Fatturato netto')).toEqual(['€ 215,00', '€ 0,00', '€ 0,00']);
    expect(await rowValues(page, card, 'Clienti senza sponsor')).toEqual(['€ 145,00', '€ 0,00']);
    expect(await rowValues(page, card, '1ª generazione')).toEqual(['€ 50,00', '€ 0,00']);
    expect(await rowValues(page, card, '2ª generazione')).toEqual(['€ 0,00', '€ 0,00']);
    expect(await rowValues(page, card, '3ª generazione e oltre')).toEqual(['€ 20,00', '€ 0,00']);

    const other = page.getByRole('button', { name: /Spa Borea/ });
    expect(await other.getAttribute('aria-expanded')).toBe('false');

    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-riepilogo-open-phone');
    await page.setViewportSize(desktop);
    await screenshot(page, 'admin-riepilogo-open-desktop');
    await page.setViewportSize(phone);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await card.getByRole('table').first().waitFor({ state: 'detached' });
  });

  it('draws the tree of the chosen merchant under Tutti i clienti and opens a node on demand', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Struttura' }).click();
    await page.getByRole('heading', { level: 1, name: 'Struttura' }).waitFor();
    const picker = page.getByRole('combobox', { name: 'Commerciante' });
    expect(await picker.textContent()).toContain('Seleziona commerciante');
    await expectNoAxeViolations(page);

    await picker.click();
    await page.getByRole('option', { name: 'Salone Aurora' }).click();

    const root = page.getByRole('button', { name: /^Tutti i clienti/ });
    await root.waitFor();
    expect(await root.getAttribute('aria-expanded')).toBe('true');
    const anna = page.getByRole('button', { name: /^Anna, codice A00001/ });
    expect(await anna.getAttribute('aria-label')).toBe('Anna, codice A00001, Senza sponsor, 1 presentato');
    expect(await anna.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('img', { name: /^Elena, codice A00005/ }).count()).toBe(1);
    // Collapsed below depth 1: the referrals are not even in the drawing until their sponsor is opened.
    expect(await page.getByText('Bea', { exact: true }).count()).toBe(0);

    await anna.click();
    expect(await anna.getAttribute('aria-expanded')).toBe('true');
    const bea = page.getByRole('button', { name: /^Bea, codice A00002, 1ª generazione/ });
    await bea.waitFor();
    expect(await page.getByText('Carla', { exact: true }).count()).toBe(0);

    await bea.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Carla, codice A00003, 2ª generazione/ }).waitFor();
    expect(await page.getByText('Dora', { exact: true }).count()).toBe(0);

    const legend = await page.getByRole('list').filter({ hasText: 'Senza sponsor' }).textContent();
    expect(legend).toContain('3ª generazione e oltre');
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-albero-phone');
    await page.setViewportSize(desktop);
    await screenshot(page, 'admin-albero-desktop');

    // On the phone the view was fitted to Bea's referrals, leaving Anna a pan away: close her by keyboard.
    await anna.focus();
    await page.keyboard.press('Enter');
    expect(await anna.getAttribute('aria-expanded')).toBe('false');
    await page.getByText('Bea', { exact: true }).waitFor({ state: 'detached' });
  });
  it('opens a merchant with 20,000 clients and hands the drawing only the nodes in view', async () => {
    // 300 root clients, then every client sponsors the next three: twelve generations, inserted directly.
    const admin = await signedIn(server, { email: adminEmail, password: adminPassword });
    const { id: merchantId } = await rpcData<{ id: string }>(admin, 'admin_create_merchant', {
      name: 'Rete Grande',
      phone: '06 3333333',
      email: 'grande@centri.test',
      password: 'segreta3',
    });
    const total = 20_000;
    const ids: string[] = [];
    const sponsors: (string | null)[] = [];
    const generations: number[] = [];
    const codes: string[] = [];
    const names: string[] = [];
    for (let index = 0; index < total; index += 1) {
      const parent = index < 300 ? null : Math.floor((index - 300) / 3);
      ids.push(`00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
      sponsors.push(parent === null ? null : ids[parent]!);
      generations.push(parent === null ? 0 : generations[parent]! + 1);
      codes.push(`C${String(index + 1).padStart(5, '0')}`);
      names.push(`Cliente ${index + 1}`);
    }
    await server.server.context.db.query(
      `insert into app.clients (id, merchant_id, code, sponsor_id, generation, name, email)
       select id, $2::uuid, code, sponsor_id, generation, name, code || '@clienti.test'
         from unnest($1::uuid[], $3::text[], $4::uuid[], $5::int[], $6::text[]) as c(id, code, sponsor_id, generation, name)`,
      [ids, merchantId, codes, sponsors, generations, names],
    );

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Struttura' }).waitFor();
    await page.getByRole('combobox', { name: 'Commerciante' }).click();
    await page.getByRole('option', { name: 'Rete Grande' }).click();
    await page.getByRole('heading', { name: 'I clienti di Rete Grande' }).waitFor();
    expect(await page.getByText('20.000 clienti', { exact: true }).first().isVisible()).toBe(true);
    const nodes = page.locator('svg g[aria-label]');
    await page.getByRole('button', { name: /^Tutti i clienti, 20\.000 clienti/ }).waitFor();
    expect(await nodes.count()).toBe(301);

    // The middle root client is in view; opening it adds its three referrals and nothing else.
    const middle = page.getByRole('button', {
      name: /^Cliente 150, codice C00150, Senza sponsor, 3 presentati/,
    });
    await middle.click();
    const child = page.getByRole('button', { name: /^Cliente 748, codice C00748, 1ª generazione/ });
    await child.waitFor();
    expect(await nodes.count()).toBe(304);
    await child.click();
    await page.getByRole('button', { name: /^Cliente 2542, codice C02542, 2ª generazione/ }).waitFor();
    expect(await nodes.count()).toBe(307);
    await screenshot(page, 'admin-albero-large-desktop');
  });
});
