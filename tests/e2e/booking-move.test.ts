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

const salonAccount = { name: 'Centro Riva', email: 'riva@centri.test', password: 'segreta-riva' };
const customer = { name: 'Chiara Neri', email: 'chiara@clienti.test', password: 'password-chiara' };
const live = { timeout: 15_000 };

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast][data-type="success"]').filter({ hasText: text }).first().waitFor();

/** Checks the screen with axe and takes it at phone and desktop widths, with nothing wider than the screen. */
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

describe('Sposta: the customer moves her appointment, the salon confirms the move', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let salon: Page;
  let day: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    const { slug } = await createMerchant(server, salonAccount);
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
    // Her confirmed appointment with Giulia in three days at 10:00.
    const { rows } = await server.server.context.db.query<{ day: string }>(
      `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
         starts_at, ends_at, status)
       select m.id, c.id, t.id, t.name, o.id, s, s + interval '45 minutes', 'confermata'
         from app.merchants m
         join app.clients c on c.merchant_id = m.id
         join app.treatments t on t.merchant_id = m.id
         join app.operators o on o.merchant_id = m.id,
         lateral (select (((now() at time zone 'Europe/Rome')::date + 3) + time '10:00')
                         at time zone 'Europe/Rome' as s) start
        where m.name = $1
       returning to_char(starts_at at time zone 'Europe/Rome', 'DD-MM-YYYY') as day`,
      [salonAccount.name],
    );
    day = rows[0]!.day;
    page = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    salon = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await signInThroughForm(page, `${server.url}/${slug}/login`, customer);
    await waitForPath(page, '/client/profile');
    await signInThroughForm(salon, `${server.url}/merchant/${slug}`, salonAccount);
    await waitForPath(salon, '/dashboard/registrazioni');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Her upcoming appointment at `time` (its name ends with the time; a note may name another). */
  const card = (time: string) =>
    page
      .getByRole('list', { name: 'Prossime', exact: true })
      .getByRole('article', { name: new RegExp(` ${time}$`) });

  it('asks to move the appointment to a free time; it stays until the salon answers', async () => {
    await openFromNav(page, 'Prenota');
    await heading(page, 'Prenota');
    await card('10:00')
      .getByRole('button', { name: /^Sposta la prenotazione di Piega/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Spostare la prenotazione?' });
    await dialog.waitFor();
    // Back closes the dialog and leaves her on Prenota.
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    await heading(page, 'Prenota');

    await card('10:00')
      .getByRole('button', { name: /^Sposta la prenotazione di Piega/ })
      .click();
    const send = dialog.getByRole('button', { name: 'Chiedi lo spostamento' });
    expect(await send.isDisabled()).toBe(true);
    await dialog
      .getByRole('group', { name: 'Giorno', exact: true })
      .getByRole('radio', { disabled: false })
      .nth(4)
      .check();
    await dialog
      .getByRole('group', { name: 'Orario', exact: true })
      .getByRole('radio', { name: '15:00', exact: true })
      .check();
    await checkAndShoot(page, 'client-sposta');
    await send.click();
    await toast(page, 'Richiesta di spostamento inviata');
    await dialog.waitFor({ state: 'detached' });
    const request = card('15:00');
    await request.waitFor(live);
    expect(await request.locator('[data-status]').textContent()).toBe('in attesa');
    expect(await request.innerText()).toContain(`Spostamento dell'appuntamento del ${day} alle 10:00`);
    expect(await card('10:00').locator('[data-status]').textContent()).toBe('confermata');
    await checkAndShoot(page, 'client-sposta-richiesta');
  });

  it('shows the salon the old and the new time; confirmed, the move replaces the appointment', async () => {
    await openFromNav(salon, /^Prenotazioni/);
    await heading(salon, 'Prenotazioni');
    const inbox = salon.getByRole('main').getByRole('listitem').filter({ hasText: '15:00' });
    await inbox.waitFor(live);
    expect(await inbox.innerText()).toContain(`Spostamento dell'appuntamento del ${day} alle 10:00`);
    await checkAndShoot(salon, 'merchant-spostamento');
    await inbox.getByRole('button', { name: 'Conferma la prenotazione di Chiara Neri' }).click();
    await toast(salon, 'Prenotazione confermata');
    await expect.poll(() => card('15:00').locator('[data-status]').textContent(), live).toBe('confermata');
    expect(await card('10:00').count()).toBe(0);
    const moved = page
      .getByRole('list', { name: 'Passate', exact: true })
      .getByRole('article', { name: / 10:00$/ });
    await expect.poll(() => moved.locator('[data-status]').textContent(), live).toBe('spostata');
  });

  it('lets the salon confirm moves at once in Impostazioni › Salone', async () => {
    await openFromNav(salon, 'Impostazioni');
    await heading(salon, 'Impostazioni');
    await salon.getByRole('tab', { name: 'Salone' }).click();
    const form = salon.getByRole('form', { name: 'Spostamenti' });
    const atOnce = form.getByLabel('Conferma subito gli spostamenti senza aspettare la tua risposta');
    expect(await atOnce.isChecked()).toBe(false);
    await atOnce.check();
    await form.getByRole('button', { name: 'Salva spostamenti' }).click();
    await toast(salon, 'Gli spostamenti dei clienti saranno confermati subito');
    await form.scrollIntoViewIfNeeded();
    await checkAndShoot(salon, 'merchant-impostazioni-spostamenti');

    await card('15:00')
      .getByRole('button', { name: /^Sposta la prenotazione di Piega/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Spostare la prenotazione?' });
    await dialog
      .getByRole('group', { name: 'Giorno', exact: true })
      .getByRole('radio', { disabled: false })
      .nth(5)
      .check();
    await dialog
      .getByRole('group', { name: 'Orario', exact: true })
      .getByRole('radio', { name: '11:00', exact: true })
      .check();
    await dialog.getByRole('button', { name: 'Chiedi lo spostamento' }).click();
    await toast(page, 'Appuntamento spostato');
    await expect.poll(() => card('11:00').locator('[data-status]').textContent(), live).toBe('confermata');
  });
});
