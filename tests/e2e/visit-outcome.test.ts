import { readFileSync } from 'node:fs';
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
  signInThroughForm,
  waitForPath,
} from './helpers.ts';

const salonAccount = { name: 'Centro Esiti', email: 'esiti@centri.test', password: 'segreta-esiti' };
const customer = { name: 'Giulia Verdi', email: 'giulia@clienti.test', password: 'password-giulia' };
const live = { timeout: 15_000 };

/** The page is no wider than the window. */
async function expectNoHorizontalOverflow(page: Page) {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
}

/** Checks the page with axe, then saves it at phone and desktop widths. */
async function shootBoth(page: Page, name: string) {
  await closeToasts(page);
  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    await page.setViewportSize(viewport);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(phone);
}

function toast(page: Page, text: string): Promise<void> {
  return page.locator('[data-sonner-toast][data-type="success"]').filter({ hasText: text }).first().waitFor();
}

describe('the visit: the salon marks it completed or missed', () => {
  let server: TestServer;
  let browser: Browser;
  let salon: Page;
  let customerPage: Page;
  let owner: TestClient;
  let paidAt: string;
  let earlierAt: string;

  /** A confirmed appointment of Giulia's with Anna, starting at an SQL instant; its 'HH:MM' in Rome. */
  const appointmentAt = async (startsAt: string, status = 'confermata') =>
    (
      await server.server.context.db.query<{ time: string }>(
        `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
         starts_at, ends_at, status)
       select m.id, c.id, t.id, t.name, o.id, ${startsAt}, ${startsAt} + interval '45 minutes', $2
         from app.merchants m
         join app.clients c on c.merchant_id = m.id
         join app.treatments t on t.merchant_id = m.id
         join app.operators o on o.merchant_id = m.id
        where m.name = $1
       returning to_char(starts_at at time zone 'Europe/Rome', 'HH24:MI') as time`,
        [salonAccount.name, status],
      )
    ).rows[0]!.time;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    const { slug } = await createMerchant(server, salonAccount);
    owner = await signedIn(server, salonAccount);
    const merchantId = (await rpcData<{ id: string }>(owner, 'merchant_profile', {})).id;
    await rpcData(owner, 'add_operator', { name: 'Anna', image_path: `${merchantId}/anna.png` });
    await rpcData(owner, 'add_treatment', {
      name: 'Piega',
      description: 'Lavaggio e piega',
      duration_minutes: 45,
      price: 25,
    });
    await joinMerchant(server, { merchantSlug: slug, ...customer, phone: '333 100 2000' });
    await appointmentAt(`now() - interval '2 days'`);
    await appointmentAt(`now() - interval '10 minutes'`);
    paidAt = await appointmentAt(`now() - interval '70 minutes'`);
    earlierAt = await appointmentAt(`now() - interval '2 hours'`);
    await appointmentAt(`now() + interval '3 days'`, 'in attesa');
    await rpcData(owner, 'set_no_show_alert_threshold', { threshold: 1 });

    salon = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await salon.goto(`${server.url}/merchant/${slug}`);
    await salon.getByLabel('Email').fill(salonAccount.email);
    await salon.getByLabel('Password').fill(salonAccount.password);
    await salon.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(salon, '/dashboard/registrazioni');

    customerPage = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await signInThroughForm(customerPage, `${server.url}/${slug}/login`, customer);
    await openFromNav(customerPage, 'Crediti');
    await heading(customerPage, 'Crediti');
    await customerPage.getByTestId('available-credit').filter({ hasText: '€ 0,00' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const main = () => salon.getByRole('main');

  it('lists the past day’s unmarked visit under Da chiudere; Non presentata closes it', async () => {
    await openFromNav(salon, 'Agenda');
    await heading(salon, 'Agenda');
    const toClose = main().getByRole('region', { name: 'Da chiudere' });
    await toClose.waitFor();
    expect(await toClose.getByRole('listitem').count()).toBe(1);
    await shootBoth(salon, 'merchant-agenda-da-chiudere');
    await toClose
      .getByRole('button', { name: 'Segna come non presentata la visita di Giulia Verdi' })
      .click();
    await toast(salon, 'Segnata come non presentata');
    await toClose.waitFor({ state: 'detached', ...live });
  });

  it('completes a visit with its purchase from the Agenda; the customer sees her new credit live', async () => {
    await main()
      .getByRole('button', { name: new RegExp(`^${paidAt}–\\d\\d:\\d\\d Giulia Verdi, Piega, con Anna$`) })
      .click();
    const details = salon.getByRole('dialog', { name: 'Giulia Verdi' });
    await details.getByRole('button', { name: 'Completa e registra l’acquisto di Giulia Verdi' }).click();
    const purchase = salon.getByRole('dialog', { name: 'Completa e registra' });
    const spend = purchase.getByLabel('Importo di spesa (€)');
    await expect.poll(() => spend.inputValue()).toBe('25');
    await purchase.getByText('Credito disponibile: € 0,00').waitFor();
    await expectAccessible(salon);
    await screenshot(salon, 'merchant-agenda-completa-e-registra-phone');
    await purchase.getByLabel('Sconto da utilizzare (€)').fill('5');
    await purchase.getByRole('button', { name: 'Registra e completa' }).click();
    await purchase
      .getByRole('alert')
      .filter({ hasText: 'lo sconto da utilizzare deve essere inferiore o uguale' })
      .waitFor();
    await purchase.getByLabel('Sconto da utilizzare (€)').fill('0');
    await purchase.getByLabel('Numero scontrino (documento commerciale)').fill('0012-0034');
    await purchase.getByRole('button', { name: 'Registra e completa' }).click();
    await toast(salon, 'Visita completata e acquisto registrato');
    await purchase.waitFor({ state: 'detached' });
    await details.waitFor({ state: 'detached' });

    await expect.poll(() => customerPage.getByTestId('available-credit').textContent(), live).toBe('€ 1,25');
    await screenshot(customerPage, 'client-crediti-dopo-visita-phone');
  });

  it('shows the receipt number of the visit’s purchase in Movimenti', async () => {
    await openFromNav(salon, 'Movimenti');
    await heading(salon, 'Movimenti');
    await main().getByText('A00001 · Documento 0012-0034').waitFor();
    await salon.setViewportSize(desktop);
    await main()
      .getByRole('cell', { name: /Documento 0012-0034/ })
      .waitFor();
    await salon.setViewportSize(phone);
    await shootBoth(salon, 'merchant-movimenti-documento');
    const [summary] = await Promise.all([
      salon.waitForEvent('download'),
      main().getByRole('button', { name: 'Riepilogo giornaliero CSV' }).click(),
    ]);
    const lines = readFileSync(await summary.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Data;Acquisti;Storni;Lordo;Sconti;Netto;Documenti');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^\d\d-\d\d-\d{4};1;0;25,00;0,00;25,00;0012-0034$/),
    ]);
    await openFromNav(salon, 'Agenda');
    await heading(salon, 'Agenda');
  });

  it('marks today’s started appointment completed from its details; it stays in the Agenda', async () => {
    const appointment = main()
      .getByRole('button', { name: /Giulia Verdi, Piega, con Anna$/ })
      .filter({ hasNotText: paidAt })
      .filter({ hasNotText: earlierAt })
      .first();
    await appointment.click();
    const details = salon.getByRole('dialog', { name: 'Giulia Verdi' });
    await details.waitFor();
    expect(await details.getByRole('button', { name: /^Annulla/ }).count()).toBe(0);
    await expectAccessible(salon);
    await screenshot(salon, 'merchant-agenda-visita-phone');
    await details.getByRole('button', { name: 'Segna come completata la visita di Giulia Verdi' }).click();
    await toast(salon, 'Visita completata');
    await details.waitFor({ state: 'detached' });

    await appointment.click();
    const again = salon.getByRole('dialog', { name: 'Giulia Verdi' });
    expect((await again.innerText()).replace(/\s+/g, ' ')).toContain('Stato completata');
    expect(await again.getByRole('button', { name: /^Segna come/ }).count()).toBe(0);
    await salon.keyboard.press('Escape');
    await again.waitFor({ state: 'detached' });
  });

  it('shows her visits and flags her new request in Prenotazioni', async () => {
    await openFromNav(salon, /^Prenotazioni/);
    await heading(salon, 'Prenotazioni');
    const request = main().getByRole('listitem').filter({ hasText: 'Giulia Verdi' });
    await request.getByText('2 visite completate · 1 assenza').waitFor(live);
    await request.getByText('Attenzione: questa cliente ha già mancato degli appuntamenti').waitFor();
    await shootBoth(salon, 'merchant-inbox-assenze');
  });

  it('marks a visit from its row in Prenotazioni’s history', async () => {
    await main()
      .getByRole('tab', { name: /^Storico/ })
      .click();
    const row = main()
      .getByRole('listitem')
      .filter({ hasText: 'Giulia Verdi' })
      .filter({ hasText: earlierAt });
    const noShow = row.getByRole('button', { name: 'Segna come non presentata la visita di Giulia Verdi' });
    await noShow.waitFor(live);
    await shootBoth(salon, 'merchant-inbox-storico-visita');
    await noShow.click();
    await toast(salon, 'Segnata come non presentata');
    await expect.poll(() => row.locator('[data-status]').first().textContent(), live).toBe('non presentata');
  });

  it('sets from how many no-shows requests are flagged, in Impostazioni', async () => {
    await openFromNav(salon, 'Impostazioni');
    await heading(salon, 'Impostazioni');
    await main().getByRole('tab', { name: 'Salone' }).click();
    const card = main().getByRole('form', { name: 'Clienti che non si presentano' });
    const field = card.getByLabel('Assenze per la segnalazione');
    await expect.poll(() => field.inputValue(), live).toBe('1');
    await field.fill('3');
    await card.getByRole('button', { name: 'Salva segnalazione' }).click();
    await toast(salon, 'Segnalazione assenze aggiornata');
    expect(await rpcData<{ no_show_alert_threshold: number }>(owner, 'booking_settings', {})).toMatchObject({
      no_show_alert_threshold: 3,
    });
  });

  it('makes the receipt number required in Percentuali', async () => {
    await openFromNav(salon, 'Percentuali');
    const required = main().getByRole('checkbox', { name: 'Numero del documento obbligatorio' });
    await required.check();
    await toast(salon, 'Impostazione dello scontrino aggiornata');
    expect(await rpcData(owner, 'receipt_settings', {})).toEqual({ receipt_number_required: true });
    await shootBoth(salon, 'merchant-percentuali-scontrino');
  });

  it('adds credit by hand with a reason in Clienti; the customer reads it live in Crediti', async () => {
    await openFromNav(salon, 'Clienti');
    await heading(salon, 'Elenco Clienti');
    await main().getByRole('button', { name: 'Modifica credito di Giulia Verdi' }).click();
    const dialog = salon.getByRole('dialog', { name: 'Modifica credito' });
    await dialog.getByLabel('Importo (€, negativo per togliere)').fill('-5');
    await dialog.getByLabel('Motivo').fill('Correzione');
    await dialog.getByRole('button', { name: 'Salva credito' }).click();
    await dialog.getByText('Il credito non può diventare negativo').waitFor();
    await dialog.getByLabel('Importo (€, negativo per togliere)').fill('5');
    await dialog.getByLabel('Motivo').fill('Omaggio di compleanno');
    await expectAccessible(salon);
    await screenshot(salon, 'merchant-clienti-modifica-credito-phone');
    await dialog.getByRole('button', { name: 'Salva credito' }).click();
    await toast(salon, 'Credito aggiornato');
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => customerPage.getByTestId('available-credit').textContent(), live).toBe('€ 6,25');
    await customerPage.getByText('Omaggio di compleanno').waitFor(live);
    await customerPage.getByText('Credito modificato dal salone').waitFor();
    await closeToasts(customerPage);
    for (const [size, viewport] of Object.entries({ phone, desktop })) {
      await customerPage.setViewportSize(viewport);
      await expectAccessible(customerPage);
      await screenshot(customerPage, `client-crediti-modifica-${size}`);
    }
  });

  it('counts the credit given by hand apart in Statistiche', async () => {
    await openFromNav(salon, 'Statistiche');
    const given = main().getByText('Credito aggiunto dal salone', { exact: true });
    await given.waitFor();
    expect(await given.locator('xpath=following-sibling::dd').textContent()).toBe('€ 5,00');
    await shootBoth(salon, 'merchant-statistiche-credito-salone');
  });
});
