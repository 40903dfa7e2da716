import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { launchBrowser, phone } from '../support/browser.ts';
import { rpcData, signedIn } from '../support/fixtures.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  openFromNav,
  signInThroughForm,
  waitForPath,
} from './helpers.ts';

const salonAccount = { name: 'Centro Tocco', email: 'tocco@centri.test', password: 'segreta-tocco' };
const customer = { name: 'Chiara Neri', email: 'chiara@clienti.test', password: 'password-chiara' };

/** Prenota's steps: Piega with Giulia, the second open day, at `time`; the form, ready to send. */
async function chooseBooking(page: Page, time: string) {
  const form = page.getByRole('form', { name: 'Nuova prenotazione' });
  const step = (name: string) => form.getByRole('group', { name, exact: true });
  await step('Trattamento')
    .getByRole('radio', { name: /^Piega/ })
    .check();
  await step('Operatore').getByRole('radio', { name: 'Giulia', exact: true }).check();
  await step('Giorno').getByRole('radio', { disabled: false }).nth(1).check();
  await step('Orario').getByRole('radio', { name: time, exact: true }).check();
  return form;
}

/** A toast of a kind ('success' green, 'error' red) showing `text`. */
const toast = (page: Page, type: 'success' | 'error', text: string) =>
  page.locator(`[data-sonner-toast][data-type="${type}"]`).filter({ hasText: text }).first().waitFor();

describe('booking: a double tap on Prenota is one request; a salon caps each customer’s open requests', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let salon: Page;
  let slug: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, salonAccount)).slug;
    const owner = await signedIn(server, salonAccount);
    const merchantId = (await rpcData<{ id: string }>(owner, 'merchant_profile', {})).id;
    await rpcData(owner, 'add_operator', { name: 'Giulia', image_path: `${merchantId}/giulia.png` });
    await rpcData(owner, 'add_treatment', {
      name: 'Piega',
      description: 'Lavaggio e piega',
      duration_minutes: 45,
      price: 25,
    });
    await joinMerchant(server, { merchantSlug: slug, ...customer });
    page = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    salon = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends one call, saves one request and shows one reservation when Prenota is double-clicked', async () => {
    await signInThroughForm(page, `${server.url}/${slug}/login`, customer);
    await waitForPath(page, '/client/profile');
    await openFromNav(page, 'Prenota');
    await heading(page, 'Prenota');
    const form = await chooseBooking(page, '10:00');

    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rpc/book_reservation')) calls.push(request.url());
    });
    await form.getByRole('button', { name: 'Prenota', exact: true }).dblclick();
    await toast(page, 'success', 'Prenotazione salvata!');
    await page.getByRole('article').filter({ hasText: '10:00' }).first().waitFor();

    const { rows } = await server.server.context.db.query<{ n: string }>(
      `select count(*) as n from app.reservations r join app.merchants m on m.id = r.merchant_id
        where m.slug = $1`,
      [slug],
    );
    expect(Number(rows[0]!.n)).toBe(1);
    // The button sends one call: the second click finds it disabled.
    expect(calls).toHaveLength(1);
    expect(await page.getByRole('article').filter({ hasText: '10:00' }).count()).toBe(1);
  });

  it('lets the salon allow one open request in Impostazioni › Salone; the next request is refused', async () => {
    await signInThroughForm(salon, `${server.url}/merchant/${slug}`, salonAccount);
    await waitForPath(salon, '/dashboard/registrazioni');
    await openFromNav(salon, 'Impostazioni');
    await heading(salon, 'Impostazioni');
    await salon.getByRole('tab', { name: 'Salone' }).click();
    const limit = salon.getByRole('form', { name: 'Richieste in attesa' });
    const field = limit.getByLabel('Richieste aperte per cliente');
    await expect.poll(() => field.inputValue()).toBe('3');
    await expectAccessible(salon);
    await field.fill('1');
    await limit.getByRole('button', { name: 'Salva limite' }).click();
    await toast(salon, 'success', 'Limite di richieste aperte aggiornato');

    const form = await chooseBooking(page, '11:00');
    await form.getByRole('button', { name: 'Prenota', exact: true }).click();
    await toast(
      page,
      'error',
      'Hai già una richiesta in attesa in questo salone: attendi una risposta o annullala',
    );
    expect(await page.getByRole('article').filter({ hasText: '11:00' }).count()).toBe(0);
  });

  it('sends one call when Accetta, a button outside a form, is double-clicked', async () => {
    const owner = await signedIn(server, salonAccount);
    const { rows } = await server.server.context.db.query<{ id: string; day: string }>(
      `select r.id, to_char((r.starts_at at time zone 'Europe/Rome')::date, 'YYYY-MM-DD') as day
         from app.reservations r join app.merchants m on m.id = r.merchant_id where m.slug = $1`,
      [slug],
    );
    await rpcData(owner, 'modify_reservation', {
      reservation_id: rows[0]!.id,
      date: rows[0]!.day,
      time: '12:00',
      note: 'Va bene alle 12?',
    });
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rpc/accept_reservation_change')) calls.push(request.url());
    });
    const accept = page.getByRole('button', { name: 'Accetta la modifica di Piega' });
    await accept.dblclick();
    await toast(page, 'success', 'Modifica accettata: prenotazione confermata');
    await accept.waitFor({ state: 'detached' });
    expect(calls).toHaveLength(1);
  });
});
