import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { rpcData, signedIn } from '../support/fixtures.ts';
import type { TestServer } from '../support/test-server.ts';
import type { VisitFreeTimes } from '../support/visit-free-times.ts';
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

const salonAccount = { name: 'Centro Lis', email: 'lis@centri.test', password: 'segreta-lis' };
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

/** Picks `option` in the dropdown labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${option}`) }).click();
  await page.getByRole('option').first().waitFor({ state: 'detached' });
}

const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ');
const statusOf = (card: Locator) => card.locator('[data-status]').first().textContent();

describe('a visit: the customer books three treatments in sequence, the salon confirms them as one', () => {
  let server: TestServer;
  let browser: Browser;
  let client: Page;
  let salon: Page;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    const { slug } = await createMerchant(server, salonAccount);
    const owner = await signedIn(server, salonAccount);
    const merchantId = (await rpcData<{ id: string }>(owner, 'merchant_profile', {})).id;
    for (const name of ['Giulia', 'Marta'])
      await rpcData(owner, 'add_operator', { name, image_path: `${merchantId}/${name}.png` });
    for (const [name, duration_minutes, price] of [
      ['Piega', 45, 25],
      ['Manicure', 30, 20],
      ['Pulizia viso', 45, 39.9],
    ] as const)
      await rpcData(owner, 'add_treatment', { name, description: name, duration_minutes, price });
    await joinMerchant(server, { merchantSlug: slug, ...customer });
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

  const form = () => client.getByRole('form', { name: 'Nuova prenotazione' });
  const step = (name: string) => form().getByRole('group', { name, exact: true });
  const summary = () => client.getByRole('region', { name: 'Riepilogo' });
  const visitCard = () =>
    client
      .getByRole('list', { name: 'Prossime', exact: true })
      .getByRole('article', { name: /^Piega, Manicure, Pulizia viso · / });

  it('adds two treatments to the first, each with its operator, and books them as one request', async () => {
    await openFromNav(client, 'Prenota');
    await heading(client, 'Prenota');
    await step('Trattamento')
      .getByRole('radio', { name: /^Piega/ })
      .check();
    await step('Operatore').getByRole('radio', { name: 'Giulia', exact: true }).check();

    await form().getByRole('button', { name: 'Aggiungi un altro trattamento' }).click();
    // The day waits until the added treatment is chosen.
    expect(await step('Giorno').count()).toBe(0);
    await choose(client, 'Trattamento 2', 'Manicure');
    expect(
      await text(client.getByRole('combobox', { name: 'Operatore del trattamento 2', exact: true })),
    ).toBe('Nessuna preferenza');
    await form().getByRole('button', { name: 'Aggiungi un altro trattamento' }).click();
    await choose(client, 'Trattamento 3', 'Pulizia viso');
    await choose(client, 'Operatore del trattamento 3', 'Giulia');
    // A fourth one would be the salon's last treatment, already in the visit: no room left.
    expect(await form().getByRole('button', { name: 'Aggiungi un altro trattamento' }).count()).toBe(0);

    const answered = client.waitForResponse((response) => response.url().includes('/rpc/visit_free_times'));
    await step('Giorno').getByRole('radio', { disabled: false }).nth(2).check();
    const answer = (await (await answered).json()) as VisitFreeTimes;
    const times = step('Orario');
    await times.getByText('Orari in cui c’è posto per tutta la visita').waitFor();
    await times.getByRole('radio', { name: '10:00', exact: true }).check();
    // The summary says each part's start as the database schedules it.
    expect(answer.times.find((one) => one.time === '10:00')?.parts.map((part) => part.starts)).toEqual([
      '10:00',
      '10:45',
      '11:15',
    ]);
    expect([answer.minutes, answer.price]).toEqual([120, 84.9]);
    const chosen = await text(summary());
    expect(chosen).toContain('Trattamento 1 Piega, alle 10:00, Giulia');
    expect(chosen).toContain('Trattamento 2 Manicure, alle 10:45, Nessuna preferenza');
    expect(chosen).toContain('Trattamento 3 Pulizia viso, alle 11:15, Giulia');
    expect(chosen).toContain('Durata totale 120 min');
    expect(chosen).toContain('Prezzo totale € 84,90');
    await checkAndShoot(client, 'client-visita-riepilogo');

    // 'Rimuovi' takes a part away and puts it back as it was chosen.
    await form().getByRole('button', { name: 'Rimuovi il trattamento 3' }).click();
    expect(await text(summary())).not.toContain('Pulizia viso');
    await form().getByRole('button', { name: 'Aggiungi un altro trattamento' }).click();
    await choose(client, 'Trattamento 3', 'Pulizia viso');
    await choose(client, 'Operatore del trattamento 3', 'Giulia');
    await step('Orario').getByRole('radio', { name: '10:00', exact: true }).check();

    await form().getByRole('button', { name: 'Prenota', exact: true }).click();
    await toast(client, 'Prenotazione salvata!');
    // The steps start again with one treatment.
    await step('Operatore').waitFor({ state: 'detached' });
    expect(await form().getByRole('combobox', { name: 'Trattamento 2', exact: true }).count()).toBe(0);
    // Her list shows the visit as one card with its treatments in order.
    const card = visitCard();
    await card.waitFor(live);
    expect(
      await client.getByRole('list', { name: 'Prossime', exact: true }).getByRole('article').count(),
    ).toBe(1);
    expect(await statusOf(card)).toBe('in attesa');
    expect(await text(card.getByRole('list', { name: 'Trattamenti della visita' }))).toBe(
      '10:00 Piega Giulia · 45 min 10:45 Manicure Nessuna preferenza · 30 min 11:15 Pulizia viso Giulia · 45 min',
    );
    expect(await card.getByRole('button', { name: /^Annulla/ }).count()).toBe(1);
    await checkAndShoot(client, 'client-visita-in-attesa');
  });

  it('lets the salon confirm the visit with one Conferma: every treatment is confirmed, for both', async () => {
    await openFromNav(salon, /^Prenotazioni/);
    await heading(salon, 'Prenotazioni');
    // One request for the whole visit, its treatments listed in order.
    const requests = salon.getByRole('main').getByRole('list', { name: /prenotazion/ });
    const request = requests.getByRole('listitem').filter({ hasText: 'Chiara Neri' });
    await request.waitFor(live);
    expect(await request.count()).toBe(1);
    expect(await text(salon.getByRole('main').getByRole('tab', { name: /^Da confermare/ }))).toMatch(
      /^Da confermare 1\b/,
    );
    expect(await text(request.getByRole('list', { name: 'Trattamenti della visita' }))).toBe(
      '10:00 Piega · Giulia · 45 min 10:45 Manicure · Nessuna preferenza · 30 min 11:15 Pulizia viso · Giulia · 45 min',
    );
    expect(await request.getByRole('button', { name: /^Modifica/ }).count()).toBe(1);
    await checkAndShoot(salon, 'merchant-visita-da-confermare');
    await request.getByRole('button', { name: 'Conferma la prenotazione di Chiara Neri' }).click();
    await toast(salon, 'Prenotazione confermata');
    // Nothing of the visit is left to confirm.
    await salon.getByText('Nessuna richiesta da confermare.').waitFor(live);
    await expect.poll(() => statusOf(visitCard()), live).toBe('confermata');
    // Giulia, or the least busy free operator, does the Manicure asked without preference.
    expect(await text(visitCard())).not.toContain('Nessuna preferenza');
    await checkAndShoot(client, 'client-visita-confermata');

    // The Agenda marks each part of the visit.
    await openFromNav(salon, 'Agenda');
    await heading(salon, 'Agenda');
    await salon
      .getByRole('main')
      .getByRole('list', { name: 'Giorni' })
      .getByRole('button', { name: /, 3 appuntamenti$/ })
      .click();
    const parts = [
      /^10:00–10:45 Chiara Neri, Piega, con Giulia, Visita, 1 di 3$/,
      /^10:45–11:15 Chiara Neri, Manicure, con \w+, Visita, 2 di 3$/,
      /^11:15–12:00 Chiara Neri, Pulizia viso, con Giulia, Visita, 3 di 3$/,
    ];
    await salon.getByRole('main').getByRole('button', { name: parts[0] }).waitFor(live);
    for (const name of parts)
      expect(await salon.getByRole('main').getByRole('button', { name }).count()).toBe(1);
    await checkAndShoot(salon, 'merchant-visita-agenda');
  });
});
