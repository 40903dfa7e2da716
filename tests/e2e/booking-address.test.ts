import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { rpcData, signedIn } from '../support/fixtures.ts';
import type { TestServer } from '../support/test-server.ts';
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

const salonAccount = { name: 'Centro Onda', email: 'onda@centri.test', password: 'segreta-onda' };
const customer = { name: 'Chiara Neri', email: 'chiara@clienti.test', password: 'password-chiara' };

const bookingForm = (page: Page) => page.getByRole('form', { name: 'Nuova prenotazione' });
const step = (page: Page, name: string) => bookingForm(page).getByRole('group', { name, exact: true });
const checked = (page: Page, name: string) =>
  step(page, name)
    .getByRole('radio', { checked: true })
    .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Checks the screen with axe and takes it at phone and desktop widths. */
async function checkAndShoot(page: Page, name: string) {
  await closeToasts(page);
  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(phone);
}

describe('Prenota keeps its place in the address; Back closes a dialog; Prenota di nuovo', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let piega: string;
  let anna: string;
  let slug: string;

  /** An appointment of the customer's, inserted as the salon's past would leave it. */
  const pastAppointment = (treatmentId: string | null, treatmentName: string, operatorId: string | null) =>
    server.server.context.db.query(
      `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
         starts_at, ends_at, status)
       select m.id, c.id, $2, $3, $4, now() - interval '3 days', now() - interval '3 days' + interval '45 minutes',
              'completata'
         from app.merchants m join app.clients c on c.merchant_id = m.id
        where m.name = $1`,
      [salonAccount.name, treatmentId, treatmentName, operatorId],
    );

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    ({ slug } = await createMerchant(server, salonAccount));
    const owner = await signedIn(server, salonAccount);
    const merchantId = (await rpcData<{ id: string }>(owner, 'merchant_profile', {})).id;
    await rpcData(owner, 'add_operator', { name: 'Giulia', image_path: `${merchantId}/giulia.png` });
    anna = (
      await rpcData<{ id: string }>(owner, 'add_operator', {
        name: 'Anna',
        image_path: `${merchantId}/anna.png`,
      })
    ).id;
    piega = (
      await rpcData<{ id: string }>(owner, 'add_treatment', {
        name: 'Piega',
        description: 'Lavaggio e piega',
        duration_minutes: 45,
        price: 25,
      })
    ).id;
    await joinMerchant(server, { merchantSlug: slug, ...customer });
    await pastAppointment(piega, 'Piega', anna);
    await pastAppointment(null, 'Colore', null);
    page = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await signInThroughForm(page, `${server.url}/${slug}/login`, customer);
    await waitForPath(page, '/client/profile');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps treatment, operator, day and time through a reload, Back and Forward', async () => {
    await openFromNav(page, 'Prenota');
    await heading(page, 'Prenota');
    await step(page, 'Trattamento')
      .getByRole('radio', { name: /^Piega/ })
      .check();
    await step(page, 'Operatore').getByRole('radio', { name: 'Giulia', exact: true }).check();
    await step(page, 'Giorno').getByRole('radio', { disabled: false }).nth(1).check();
    await step(page, 'Orario').getByRole('radio', { name: '10:00', exact: true }).check();
    const chosen = search(page);
    expect(Object.keys(chosen)).toEqual(['trattamento', 'operatore', 'giorno', 'ora']);

    await page.reload();
    await step(page, 'Orario').getByRole('radio', { name: '10:00', exact: true, checked: true }).waitFor();
    expect(await checked(page, 'Trattamento')).toEqual([piega]);
    expect(await checked(page, 'Giorno')).toEqual([chosen.giorno]);
    await bookingForm(page).getByText('Giulia').last().waitFor();
    await checkAndShoot(page, 'client-prenota-ricaricata');

    await page.goBack();
    await expect.poll(() => search(page).ora).toBeUndefined();
    expect(await checked(page, 'Orario')).toEqual([]);
    expect(await checked(page, 'Giorno')).toEqual([chosen.giorno]);
    await page.goForward();
    await step(page, 'Orario').getByRole('radio', { name: '10:00', exact: true, checked: true }).waitFor();
  });

  it('opens a shared link whose day has passed at the day step, without an error', async () => {
    const url = new URL(page.url());
    url.searchParams.set('giorno', '2020-01-01');
    await page.goto(url.toString());
    await heading(page, 'Prenota');
    await step(page, 'Giorno').getByRole('radio', { disabled: false }).first().waitFor();
    expect(await checked(page, 'Operatore')).toHaveLength(1);
    expect(await checked(page, 'Giorno')).toEqual([]);
    expect(await step(page, 'Orario').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('closes a dialog with Back and stays on Prenota; closing it by its button takes its entry away', async () => {
    await step(page, 'Giorno').getByRole('radio', { disabled: false }).nth(1).check();
    await step(page, 'Orario').getByRole('radio', { name: '10:00', exact: true }).check();
    await bookingForm(page).getByRole('button', { name: 'Prenota', exact: true }).click();
    // The toast goes before the dialog opens: under the dialog's overlay it could not be closed.
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Prenotazione salvata!' }).waitFor();
    await closeToasts(page);
    const cancel = page.getByRole('button', { name: /^Annulla la prenotazione di Piega/ });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Annullare la prenotazione?' });
    await dialog.waitFor();
    await checkAndShoot(page, 'client-annulla-dialogo');

    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    await heading(page, 'Prenota');
    expect(new URL(page.url()).pathname).toBe('/client/prenota');

    await cancel.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'No, tienila' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => (window.history.state as { dialog?: string }).dialog))
      .toBeUndefined();
    expect(await page.getByRole('article').filter({ hasText: 'In attesa' }).count()).toBeGreaterThan(0);
  });

  it('rebooks a past appointment with the same treatment and operator on her first day with a free time', async () => {
    // Anna is booked all through the first open day: the rebooking opens on the next day she has a time.
    const you = await signedIn(server, customer);
    const days = await rpcData<{ date: string; closed: boolean }[]>(you, 'booking_days', {
      merchant_slug: slug,
    });
    const firstOpen = days.find((day) => !day.closed)!.date;
    await server.server.context.db.query(
      `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
         operator_name, starts_at, ends_at, status)
       select m.id, c.id, $2, 'Piega', $3, 'Anna', $4::date::timestamp at time zone 'Europe/Rome',
              ($4::date + 1)::timestamp at time zone 'Europe/Rome' - interval '1 minute', 'confermata'
         from app.merchants m join app.clients c on c.merchant_id = m.id
        where m.name = $1`,
      [salonAccount.name, piega, anna, firstOpen],
    );
    const firstFree = await rpcData<string>(you, 'first_free_day', {
      merchant_slug: slug,
      treatment_id: piega,
      operator_id: anna,
    });
    expect(firstFree > firstOpen).toBe(true);

    const past = page.getByRole('list', { name: 'Passate', exact: true });
    await past
      .getByRole('article')
      .filter({ hasText: 'Anna' })
      .getByRole('link', { name: 'Prenota di nuovo Piega' })
      .click();
    await expect.poll(() => search(page).operatore).toBe(anna);
    expect(await checked(page, 'Trattamento')).toEqual([piega]);
    expect(await checked(page, 'Operatore')).toEqual([anna]);
    await expect.poll(() => checked(page, 'Giorno')).toEqual([firstFree]);
    await step(page, 'Orario').waitFor();
    await checkAndShoot(page, 'client-prenota-di-nuovo');
  });

  it('opens Prenota at its first step with a notice when the treatment is no longer offered', async () => {
    await page
      .getByRole('list', { name: 'Passate', exact: true })
      .getByRole('link', { name: 'Prenota di nuovo Colore' })
      .click();
    const notice = page.getByRole('status').filter({ hasText: 'non è più disponibile' });
    await notice.waitFor();
    expect(await checked(page, 'Trattamento')).toEqual([]);
    expect(await step(page, 'Operatore').count()).toBe(0);
    await checkAndShoot(page, 'client-prenota-di-nuovo-non-disponibile');
    await step(page, 'Trattamento')
      .getByRole('radio', { name: /^Piega/ })
      .check();
    await notice.waitFor({ state: 'detached' });
  });
});
