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

const salonAccount = { name: 'Centro Premi', email: 'premi@centri.test', password: 'segreta-premi' };
const sponsor = { name: 'Giulia Verdi', email: 'giulia@premi.test', password: 'password-giulia' };
const friend = { name: 'Chiara Neri', email: 'chiara@premi.test', password: 'password-chiara' };

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

describe('the reward for a friend’s first visit, from Impostazioni to Crediti and Statistiche', () => {
  let server: TestServer;
  let browser: Browser;
  let salon: Page;
  let owner: TestClient;
  let slug: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, salonAccount)).slug;
    owner = await signedIn(server, salonAccount);
    const merchantId = (await rpcData<{ id: string }>(owner, 'merchant_profile', {})).id;
    await rpcData(owner, 'add_operator', { name: 'Anna', image_path: `${merchantId}/anna.png` });
    await rpcData(owner, 'add_treatment', {
      name: 'Piega',
      description: 'Lavaggio e piega',
      duration_minutes: 45,
      price: 25,
    });
    const sponsorCode = await joinMerchant(server, { merchantSlug: slug, ...sponsor });
    await joinMerchant(server, { merchantSlug: slug, ...friend, sponsorCode });

    salon = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await signInThroughForm(salon, `${server.url}/merchant/${slug}`, salonAccount);
    await waitForPath(salon, '/dashboard/registrazioni');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A confirmed appointment of Chiara's with Anna that started `ago` (SQL interval) ago; its id. */
  const chiarasVisit = async (ago: string) =>
    (
      await server.server.context.db.query<{ id: string }>(
        `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
           starts_at, ends_at, status)
         select m.id, c.id, t.id, t.name, o.id, now() - $2::interval, now() - $2::interval + interval '45 minutes',
                'confermata'
           from app.merchants m
           join app.clients c on c.merchant_id = m.id and c.name = $3
           join app.treatments t on t.merchant_id = m.id
           join app.operators o on o.merchant_id = m.id
          where m.slug = $1
         returning id`,
        [slug, ago, friend.name],
      )
    ).rows[0]!.id;

  it('sets the reward in Impostazioni, refusing more than € 500', async () => {
    await openFromNav(salon, 'Impostazioni');
    await heading(salon, 'Impostazioni');
    await salon.getByRole('tab', { name: 'Salone' }).click();
    const card = salon.getByRole('region', { name: 'Premio per la prima visita' });
    const amount = card.getByLabel('Premio (€)');
    await card.getByText('Nessun premio attivo', { exact: false }).waitFor();
    await amount.fill('600');
    await card.getByRole('button', { name: 'Salva premio' }).click();
    await card.getByText('Inserisci un importo tra € 0,00 e € 500,00, con al massimo due decimali').waitFor();
    await amount.fill('10');
    await card.getByRole('button', { name: 'Salva premio' }).click();
    await salon
      .locator('[data-sonner-toast][data-type="success"]')
      .filter({ hasText: 'Premio per la prima visita aggiornato' })
      .first()
      .waitFor();
    expect(await rpcData(owner, 'first_visit_reward')).toEqual({ amount: 10 });
    await card.scrollIntoViewIfNeeded();
    await shootBoth(salon, 'merchant-impostazioni-premio-prima-visita');
  });

  it('credits Giulia when Chiara completes her first visit, named in her Crediti', async () => {
    await rpcData(owner, 'mark_visit', {
      reservation_id: await chiarasVisit('3 hours'),
      outcome: 'non presentata',
    });
    await rpcData(owner, 'complete_visit_with_purchase', {
      reservation_id: await chiarasVisit('1 hour'),
      spend: 40,
      discount: 0,
    });
    const page = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await signInThroughForm(page, `${server.url}/${slug}/login`, sponsor);
    await openFromNav(page, 'Crediti');
    await heading(page, 'Crediti');
    await page.getByText('Premio per la prima visita di Chiara').waitFor();
    await shootBoth(page, 'client-crediti-premio-prima-visita');
  });

  it('shows the visits, the revenue by origin, the rewards and legends in Statistiche; a card per client on a phone', async () => {
    await openFromNav(salon, 'Statistiche');
    await heading(salon, 'Statistiche');
    const totals = salon.getByRole('region', { name: 'Totali' });
    await totals.getByText('Premi per la prima visita').waitFor();
    const visits = salon.getByText('Visite completate').locator('..');
    await expect.poll(() => visits.textContent()).toBe('Visite completate1');
    await expect
      .poll(() => salon.getByText('Tasso di assenza').locator('..').textContent())
      .toBe('Tasso di assenza50%');
    expect(await salon.getByRole('list', { name: 'Legenda dei colori' }).count()).toBe(2);
    const detail = salon.getByRole('list', { name: 'Presentati e fatturato della rete di ogni cliente' });
    await detail.getByText('Giulia Verdi').waitFor();
    await shootBoth(salon, 'merchant-statistiche-visite');
    await salon.setViewportSize(desktop);
    await salon.getByRole('table').getByText('Giulia Verdi').waitFor();
    expect(await detail.isVisible()).toBe(false);
    await salon.setViewportSize(phone);
  });
});
