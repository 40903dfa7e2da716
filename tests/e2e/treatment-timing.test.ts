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

const salonAccount = { name: 'Centro Posa', email: 'posa@centri.test', password: 'segreta-posa' };

/** Nothing scrolls sideways; axe finds nothing; the screenshot is saved at the current width. */
async function checkAndShoot(page: Page, name: string) {
  await closeToasts(page);
  const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(extra, name).toBe(0);
  await expectAccessible(page);
  await screenshot(page, name);
}

describe('Trattamenti and Agenda: the pause after a treatment and its processing time', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let owner: TestClient;
  let tomorrow: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    const { slug } = await createMerchant(server, salonAccount);
    owner = await signedIn(server, salonAccount);
    const merchantId = (await rpcData<{ id: string }>(owner, 'merchant_profile', {})).id;
    const giulia = (
      await rpcData<{ id: string }>(owner, 'add_operator', {
        name: 'Giulia',
        image_path: `${merchantId}/g.png`,
      })
    ).id;
    const treatment = async (args: Record<string, unknown>) =>
      (
        await rpcData<{ id: string }>(owner, 'add_treatment', {
          description: 'In salone',
          price: 30,
          ...args,
        })
      ).id;
    const colore = await treatment({
      name: 'Colore',
      duration_minutes: 90,
      processing_offset_minutes: 30,
      processing_minutes: 40,
    });
    const frangia = await treatment({ name: 'Frangia', duration_minutes: 30 });
    const pulizia = await treatment({ name: 'Pulizia viso', duration_minutes: 60, buffer_minutes: 30 });
    const account = { email: 'chiara@clienti.test', password: 'password-cliente' };
    await joinMerchant(server, {
      merchantSlug: slug,
      name: 'Chiara Neri',
      ...account,
      phone: '333 100 2000',
    });
    const customer = await signedIn(server, account);
    tomorrow = (await rpcData<string[]>(customer, 'booking_dates', { merchant_slug: slug }))[1]!;
    for (const [treatment_id, time] of [
      [colore, '10:00'],
      [frangia, '10:30'],
      [pulizia, '14:00'],
    ] as const) {
      const { id } = await rpcData<{ id: string }>(customer, 'book_reservation', {
        merchant_slug: slug,
        treatment_id,
        operator_id: giulia,
        date: tomorrow,
        time,
      });
      await rpcData(owner, 'confirm_reservation', { reservation_id: id });
    }

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

  it('adds a treatment with a pause and a processing time, refusing them out of bounds in Italian', async () => {
    await openFromNav(page, 'Impostazioni');
    await heading(page, 'Impostazioni');
    await page.getByRole('tab', { name: 'Trattamenti' }).click();
    const form = page.getByRole('form', { name: 'Nuovo trattamento' });
    await form.getByLabel('Nome').fill('Meches');
    await form.getByLabel('Descrizione').fill('Schiariture a ciocche');
    await form.getByLabel('Durata (minuti)').fill('60');
    await form.getByLabel('Prezzo').fill('55');
    await form.getByLabel('Pausa dopo il trattamento (minuti)').fill('7');
    await form.getByLabel('Inizia al minuto').fill('20');
    await form.getByRole('button', { name: 'Aggiungi trattamento' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: 'La pausa dopo il trattamento deve essere tra 0 e 60 minuti, a multipli di 5' })
      .waitFor();
    await form.getByLabel('Pausa dopo il trattamento (minuti)').fill('10');
    await form.getByRole('button', { name: 'Aggiungi trattamento' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: 'Indica sia l’inizio sia la durata del tempo di posa' })
      .waitFor();
    await form.getByLabel('Dura (minuti)').fill('25');
    await checkAndShoot(page, 'merchant-trattamenti-posa-phone');
    await form.getByRole('button', { name: 'Aggiungi trattamento' }).click();
    const card = page.getByRole('article').filter({ hasText: 'Meches' });
    await card.waitFor();
    expect((await card.innerText()).replace(/\s+/g, ' ')).toContain(
      'posa dal minuto 20 per 25 min · pausa 10 min',
    );
    const stored = await rpcData<{ name: string; buffer_minutes: number; processing_minutes: number }[]>(
      owner,
      'list_treatments',
      {},
    );
    expect(stored.find((row) => row.name === 'Meches')).toMatchObject({
      buffer_minutes: 10,
      processing_offset_minutes: 20,
      processing_minutes: 25,
    });
    await page.setViewportSize(desktop);
    await checkAndShoot(page, 'merchant-trattamenti-posa-desktop');
    await page.setViewportSize(phone);
  });

  it('shows the processing time inside an appointment, the one booked in it beside, and the pause after', async () => {
    await page.setViewportSize(desktop);
    await page.goto(`${server.url}/dashboard/agenda?giorno=${tomorrow}`);
    await heading(page, 'Agenda');
    const giulia = page.getByRole('main').getByRole('list', { name: 'Appuntamenti di Giulia' });
    const colour = giulia.getByRole('button', { name: /^10:00–11:30/ });
    const fringe = giulia.getByRole('button', { name: /^10:30–11:00/ });
    await fringe.waitFor();
    expect(await colour.getByText('Posa').count()).toBe(1);
    const [colourBox, fringeBox] = await Promise.all([colour.boundingBox(), fringe.boundingBox()]);
    // Beside: the colour's processing time stays visible at its left.
    expect(fringeBox!.x).toBeGreaterThan(colourBox!.x + 16);
    expect(await page.locator('[data-pause]').filter({ hasText: 'Pausa' }).count()).toBe(1);
    await checkAndShoot(page, 'merchant-agenda-posa-desktop');
    await page.setViewportSize(phone);
    // The phone's list says them too, on the appointment they belong to.
    const cleaning = giulia.getByRole('button', { name: /^14:00–15:00/ });
    await cleaning.getByText('Pausa 30 min', { exact: true }).waitFor();
    await giulia
      .getByRole('button', { name: /^10:00–11:30/ })
      .getByText('Posa 40 min', { exact: true })
      .waitFor();
    expect(await fringe.getByText(/^(Posa|Pausa) /).count()).toBe(0);
    await checkAndShoot(page, 'merchant-agenda-posa-phone');
  });
});
