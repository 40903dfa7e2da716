import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
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
const live = { timeout: 15_000 };

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast][data-type="success"]').filter({ hasText: text }).first().waitFor();

/** Checks the screen with axe and takes it at phone and desktop widths, with nothing wider than the screen. */
async function checkAndShoot(page: Page, name: string) {
  await closeToasts(page);
  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    await page.setViewportSize(viewport);
    await page.waitForFunction((width) => window.innerWidth === width, viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(phone);
}

const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ');
const statusOf = (card: Locator) => card.locator('[data-status]').first().textContent();

describe('a visit changed whole: the salon’s Modifica, her Sposta, its calendar file and Prenota di nuovo', () => {
  let server: TestServer;
  let browser: Browser;
  let client: Page;
  let salon: Page;
  let days: string[];
  let piegaAloneTimes: string[];

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    const { slug } = await createMerchant(server, salonAccount);
    const owner = await signedIn(server, salonAccount);
    const merchantId = (await rpcData<{ id: string }>(owner, 'merchant_profile', {})).id;
    const giulia = (
      await rpcData<{ id: string }>(owner, 'add_operator', {
        name: 'Giulia',
        image_path: `${merchantId}/g.png`,
      })
    ).id;
    const treatments: Record<string, string> = {};
    for (const [name, duration_minutes] of [
      ['Piega', 45],
      ['Manicure', 30],
    ] as const)
      treatments[name] = (
        await rpcData<{ id: string }>(owner, 'add_treatment', {
          name,
          description: name,
          duration_minutes,
          price: 20,
        })
      ).id;
    await joinMerchant(server, { merchantSlug: slug, ...customer });
    const you = await signedIn(server, customer);
    days = (await rpcData<{ date: string; closed: boolean }[]>(you, 'booking_days', { merchant_slug: slug }))
      .filter((day) => !day.closed)
      .map((day) => day.date);
    const parts = [
      { treatment_id: treatments.Piega, operator_id: giulia },
      { treatment_id: treatments.Manicure, operator_id: giulia },
    ];
    // Giulia is busy from 17:00 to 17:30 that day.
    await server.server.context.db.query(
      `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at,
         ends_at, status)
       select m.id, c.id, t.id, t.name, $2, ($3::date + time '17:00') at time zone 'Europe/Rome',
              ($3::date + time '17:30') at time zone 'Europe/Rome', 'confermata'
         from app.merchants m join app.clients c on c.merchant_id = m.id join app.treatments t on t.id = $4
        where m.id = $1`,
      [merchantId, giulia, days[2], treatments.Manicure],
    );
    piegaAloneTimes = (
      await rpcData<string[]>(you, 'free_times', {
        merchant_slug: slug,
        treatment_id: treatments.Piega,
        operator_id: giulia,
        date: days[2],
      })
    ).map((time) => time.slice(0, 5));
    await rpcData(you, 'book_visit', { merchant_slug: slug, parts, date: days[2], time: '10:00' });
    // A visit of a month ago, done.
    await server.server.context.db.query(
      `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at,
         ends_at, status, visit_id, visit_part)
       select m.id, c.id, t.id, t.name, $2, s.start + part.shift, s.start + part.shift + interval '30 minutes',
              'completata', v.id, part.number
         from app.merchants m
         join app.clients c on c.merchant_id = m.id
        cross join (select gen_random_uuid() as id) v
        cross join (select ((now() at time zone 'Europe/Rome')::date - 30 + time '10:00') at time zone 'Europe/Rome'
                      as start) s
        cross join (values (1, $3::uuid, interval '0'), (2, $4::uuid, interval '45 minutes'))
                      as part (number, treatment, shift)
         join app.treatments t on t.id = part.treatment
        where m.id = $1`,
      [merchantId, giulia, treatments.Piega, treatments.Manicure],
    );
    client = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    salon = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await signInThroughForm(client, `${server.url}/${slug}/login`, customer);
    await waitForPath(client, '/client/profile');
    await signInThroughForm(salon, `${server.url}/merchant/${slug}`, salonAccount);
    await waitForPath(salon, '/dashboard/registrazioni');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Her upcoming visit starting at `time`. */
  const visitCard = (time: string) =>
    client
      .getByRole('list', { name: 'Prossime', exact: true })
      .getByRole('article', { name: new RegExp(`^Piega, Manicure · .* ${time}$`) });
  const request = () => salon.getByRole('main').getByRole('listitem').filter({ hasText: 'Chiara Neri' });
  const partTimes = async () =>
    (
      await server.server.context.db.query<{ status: string; time: string }>(
        `select status, to_char(starts_at at time zone 'Europe/Rome', 'YYYY-MM-DD HH24:MI') as time
           from app.reservations where visit_id is not null and status <> 'completata'
          order by starts_at, visit_part`,
      )
    ).rows;

  it('lets the salon propose a new time for the whole visit, and the customer accept it once', async () => {
    await openFromNav(salon, /^Prenotazioni/);
    await heading(salon, 'Prenotazioni');
    await request().waitFor(live);
    await request().getByRole('button', { name: 'Modifica la prenotazione di Chiara Neri' }).click();
    const dialog = salon.getByRole('dialog', { name: 'Modifica prenotazione' });
    await dialog
      .getByText('Proponi a Chiara Neri un’altra data e un altro orario per Piega, Manicure.')
      .waitFor();
    const newTimes = dialog.getByRole('list', { name: 'Nuovi orari della visita' });
    // The visit's own time is offered as it stands, each part at its time as the database schedules it.
    await expect.poll(() => text(newTimes), live).toBe('Piega: 10:00 Manicure: 10:45');
    await dialog.getByLabel('Nuovo orario', { exact: true }).click();
    // At 16:15 the Piega alone would end as Giulia's 17:00 appointment starts, but the Manicure would meet it.
    const offered = await salon.getByRole('option').allInnerTexts();
    expect(piegaAloneTimes).toContain('16:15');
    expect(offered).not.toContain('16:15');
    expect(offered).toContain('15:00');
    await salon.getByRole('option', { name: '15:00', exact: true }).click();
    await expect.poll(() => text(newTimes), live).toBe('Piega: 15:00 Manicure: 15:45');
    await dialog.getByLabel('Nota di modifica').fill('Alle 10 siamo al completo: ti aspettiamo alle 15');
    await checkAndShoot(salon, 'merchant-visita-modifica');
    await dialog.getByRole('button', { name: 'Invia modifica' }).click();
    await toast(salon, 'Prenotazione modificata e inviata');

    await openFromNav(client, 'Prenota');
    await heading(client, 'Prenota');
    const card = visitCard('15:00');
    await card.waitFor(live);
    expect(await statusOf(card)).toBe('modificata');
    expect(await text(card)).toContain('Il salone propone un nuovo orario');
    expect(await text(card.getByRole('list', { name: 'Trattamenti della visita' }))).toBe(
      '15:00 Piega Giulia · 45 min 15:45 Manicure Giulia · 30 min',
    );
    expect(await card.getByRole('button', { name: /^Accetta/ }).count()).toBe(1);
    await checkAndShoot(client, 'client-visita-modificata');
    await card.getByRole('button', { name: 'Accetta la modifica di Piega, Manicure' }).click();
    await expect.poll(() => statusOf(visitCard('15:00')), live).toBe('confermata');
    expect(await partTimes()).toEqual([
      { status: 'confermata', time: `${days[2]} 15:00` },
      { status: 'confermata', time: `${days[2]} 15:45` },
    ]);
  });

  it('gives the confirmed visit’s calendar file with every part', async () => {
    const download = client.waitForEvent('download');
    await visitCard('15:00')
      .getByRole('button', { name: /^Aggiungi al calendario Piega, Manicure/ })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`prenotazione-${days[2]}.ics`);
    const ics = (await readFile((await file.path())!, 'utf8')).replace(/\r\n /g, '');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain('SUMMARY:Piega\\, Manicure - Centro Onda');
    expect(ics).toContain(`DTSTART;TZID=Europe/Rome:${days[2]!.replaceAll('-', '')}T150000`);
    expect(ics).toContain(`DTEND;TZID=Europe/Rome:${days[2]!.replaceAll('-', '')}T161500`);
    expect(ics).toContain('DESCRIPTION:15:00 Piega - Operatore: Giulia\\n15:45 Manicure - Operatore: Giulia');
  });

  it('moves the visit whole at her request once the salon confirms: the old visit gone, the new one confirmed', async () => {
    await visitCard('15:00')
      .getByRole('button', { name: /^Sposta la prenotazione di Piega, Manicure/ })
      .click();
    const dialog = client.getByRole('dialog', { name: 'Spostare la prenotazione?' });
    await dialog.getByRole('group', { name: 'Giorno', exact: true }).locator(`[value="${days[4]}"]`).check();
    const times = dialog.getByRole('group', { name: 'Orario', exact: true });
    await times.getByText('Orari in cui c’è posto per tutta la visita').waitFor();
    await times.getByRole('radio', { name: '11:00', exact: true }).check();
    await checkAndShoot(client, 'client-visita-sposta');
    await dialog.getByRole('button', { name: 'Chiedi lo spostamento' }).click();
    await toast(client, 'Richiesta di spostamento inviata');
    await visitCard('11:00').waitFor(live);
    expect(await statusOf(visitCard('11:00'))).toBe('in attesa');
    expect(await statusOf(visitCard('15:00'))).toBe('confermata');
    // One pending move per visit.
    expect(
      await visitCard('11:00')
        .getByRole('button', { name: /^Sposta/ })
        .count(),
    ).toBe(0);

    await openFromNav(salon, /^Prenotazioni/);
    const move = request().filter({ hasText: 'Spostamento dell' });
    await move.waitFor(live);
    expect(await move.count()).toBe(1);
    expect(await text(move.getByRole('list', { name: 'Trattamenti della visita' }))).toBe(
      '11:00 Piega · Giulia · 45 min 11:45 Manicure · Giulia · 30 min',
    );
    await checkAndShoot(salon, 'merchant-visita-spostamento');
    await move.getByRole('button', { name: 'Conferma la prenotazione di Chiara Neri' }).click();
    await toast(salon, 'Prenotazione confermata');
    await expect.poll(() => statusOf(visitCard('11:00')), live).toBe('confermata');
    expect(await visitCard('15:00').count()).toBe(0);
    expect(await partTimes()).toEqual([
      { status: 'spostata', time: `${days[2]} 15:00` },
      { status: 'spostata', time: `${days[2]} 15:45` },
      { status: 'confermata', time: `${days[4]} 11:00` },
      { status: 'confermata', time: `${days[4]} 11:45` },
    ]);
    await checkAndShoot(client, 'client-visita-spostata');
  });

  it('opens Prenota di nuovo with the visit’s treatments and operators chosen', async () => {
    await client
      .getByRole('list', { name: 'Passate', exact: true })
      .getByRole('article', { name: / 10:00$/ })
      .getByRole('link', { name: 'Prenota di nuovo Piega, Manicure' })
      .click();
    const form = client.getByRole('form', { name: 'Nuova prenotazione' });
    const step = (name: string) => form.getByRole('group', { name, exact: true });
    await expect
      .poll(() =>
        step('Trattamento')
          .getByRole('radio', { name: /^Piega/ })
          .isChecked(),
      )
      .toBe(true);
    expect(await step('Operatore').getByRole('radio', { name: 'Giulia', exact: true }).isChecked()).toBe(
      true,
    );
    expect(await text(form.getByRole('combobox', { name: 'Trattamento 2', exact: true }))).toMatch(
      /^Manicure/,
    );
    expect(await text(form.getByRole('combobox', { name: 'Operatore del trattamento 2', exact: true }))).toBe(
      'Giulia',
    );
    await step('Orario').getByText('Orari in cui c’è posto per tutta la visita').waitFor(live);
    await checkAndShoot(client, 'client-visita-prenota-di-nuovo');
  });
});
