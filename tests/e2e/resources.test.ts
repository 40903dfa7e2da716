import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { rpcData, signedIn } from '../support/fixtures.ts';
import type { TestClient, TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  closeToasts,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  openFromNav,
  waitForPath,
} from './helpers.ts';

const salonAccount = { name: 'Centro Cabine', email: 'cabine@centri.test', password: 'segreta-cabine' };

interface ResourceRow {
  name: string;
  active: boolean;
  treatment_ids: string[];
}

/** Nothing scrolls sideways; axe finds nothing; the screenshot is saved at 390 and 1280 px. */
async function checkBothWidths(page: Page, name: string) {
  await closeToasts(page);
  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    await page.setViewportSize(viewport);
    const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(extra, `${name} ${size}`).toBe(0);
    await expectAccessible(page);
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(phone);
}

describe('Impostazioni: cabins and equipment, and the treatments that need them', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let owner: TestClient;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    const { slug } = await createMerchant(server, salonAccount);
    owner = await signedIn(server, salonAccount);
    page = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await page.goto(`${server.url}/merchant/${slug}`);
    await page.getByLabel('Email').fill(salonAccount.email);
    await page.getByLabel('Password').fill(salonAccount.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(page, '/dashboard/registrazioni');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds resources, switches one off, and says which a new treatment needs', async () => {
    await openFromNav(page, 'Impostazioni');
    await heading(page, 'Impostazioni');
    await page.getByRole('tab', { name: 'Operatori' }).click();
    const form = page.getByRole('form', { name: 'Nuova cabina o attrezzatura' });
    await form.getByRole('button', { name: 'Aggiungi' }).click();
    await form.getByRole('alert').filter({ hasText: 'Il nome della risorsa è obbligatorio' }).waitFor();
    const list = page.getByRole('list', { name: 'Cabine e attrezzature' });
    for (const name of ['Cabina viso', 'Laser']) {
      await form.getByLabel('Nome della cabina o attrezzatura').fill(name);
      await form.getByRole('button', { name: 'Aggiungi' }).click();
      await list.getByRole('heading', { name }).waitFor();
    }
    const cabin = list.getByRole('article').filter({ hasText: 'Cabina viso' });
    await cabin.getByLabel('In uso').uncheck();
    await expect
      .poll(async () => (await rpcData<ResourceRow[]>(owner, 'list_resources', {}))[0]?.active)
      .toBe(false);
    await checkBothWidths(page, 'merchant-impostazioni-cabine');

    await page.getByRole('tab', { name: 'Trattamenti' }).click();
    const treatment = page.getByRole('form', { name: 'Nuovo trattamento' });
    await treatment.getByLabel('Nome').fill('Epilazione laser');
    await treatment.getByLabel('Descrizione').fill('Gambe complete');
    await treatment.getByLabel('Durata (minuti)').fill('45');
    await treatment.getByLabel('Prezzo').fill('90');
    await treatment.getByLabel('Cabina viso (non in uso)').waitFor();
    await treatment.getByLabel('Laser').check();
    await checkBothWidths(page, 'merchant-trattamenti-cabine');
    await treatment.getByRole('button', { name: 'Aggiungi trattamento' }).click();
    await page.getByRole('article').filter({ hasText: 'Epilazione laser' }).waitFor();
    await expect
      .poll(async () =>
        (await rpcData<ResourceRow[]>(owner, 'list_resources', {})).map((row) => row.treatment_ids.length),
      )
      .toEqual([0, 1]);

    await page.getByRole('button', { name: 'Modifica Epilazione laser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifica trattamento' });
    await expect.poll(() => dialog.getByLabel('Laser').isChecked()).toBe(true);
    await dialog.getByLabel('Laser').uncheck();
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () =>
        (await rpcData<ResourceRow[]>(owner, 'list_resources', {})).map((row) => row.treatment_ids.length),
      )
      .toEqual([0, 0]);
  });

  it('shows the Agenda with a column per cabin or piece of equipment on request', async () => {
    const merchantId = (await rpcData<{ id: string }>(owner, 'merchant_profile', {})).id;
    const giulia = (
      await rpcData<{ id: string }>(owner, 'add_operator', {
        name: 'Giulia',
        image_path: `${merchantId}/g.png`,
      })
    ).id;
    const resources = await rpcData<(ResourceRow & { id: string })[]>(owner, 'list_resources', {});
    const laser = resources.find((row) => row.name === 'Laser')!.id;
    const treatment = (await rpcData<{ id: string; name: string }[]>(owner, 'list_treatments', {}))[0]!.id;
    await rpcData(owner, 'set_treatment_resources', { treatment_id: treatment, resource_ids: [laser] });
    const slug = (await rpcData<{ slug: string }>(owner, 'merchant_profile', {})).slug;
    const account = { email: 'lucia@clienti.test', password: 'password-cliente' };
    await joinMerchant(server, {
      merchantSlug: slug,
      name: 'Lucia Bassi',
      ...account,
      phone: '333 100 3000',
    });
    const customer = await signedIn(server, account);
    const tomorrow = (await rpcData<string[]>(customer, 'booking_dates', { merchant_slug: slug }))[1]!;
    const { id } = await rpcData<{ id: string }>(customer, 'book_reservation', {
      merchant_slug: slug,
      treatment_id: treatment,
      operator_id: giulia,
      date: tomorrow,
      time: '10:00',
    });
    await rpcData(owner, 'confirm_reservation', { reservation_id: id });

    await page.setViewportSize(desktop);
    await page.goto(`${server.url}/dashboard/agenda?giorno=${tomorrow}`);
    await heading(page, 'Agenda');
    const main = page.getByRole('main');
    await main.getByRole('list', { name: 'Appuntamenti di Giulia' }).getByRole('button').first().waitFor();
    await main.getByLabel('Colonne per cabina e attrezzatura').check();
    const laserColumn = main.getByRole('list', { name: 'Appuntamenti in Laser' });
    await laserColumn.getByRole('button', { name: /^10:00–10:45/ }).waitFor();
    expect(
      await main.getByRole('list', { name: 'Appuntamenti in Cabina viso' }).getByRole('button').count(),
    ).toBe(0);
    expect(await main.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Cabina viso', 'Laser']);
    await checkBothWidths(page, 'merchant-agenda-cabine');
  });
});
