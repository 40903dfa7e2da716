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

const salonAccount = { name: 'Centro Voce', email: 'voce@centri.test', password: 'segreta-voce' };
const customer = { name: 'Chiara Neri', email: 'chiara@voce.test', password: 'password-chiara' };

/** Checks the screen with axe and takes it at phone and desktop widths, with nothing wider than the screen. */
async function checkAndShoot(page: Page, name: string, shown: Locator) {
  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    await page.setViewportSize(viewport);
    await page.waitForFunction((width) => window.innerWidth === width, viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shown.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(phone);
}

/** Picks `option` in the dropdown labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('option').first().waitFor({ state: 'detached' });
}

describe('the salon books an appointment or a visit for a client on the phone', () => {
  let server: TestServer;
  let browser: Browser;
  let salon: Page;
  let day: string;
  let slug: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, salonAccount)).slug;
    const owner = await signedIn(server, salonAccount);
    const merchantId = (await rpcData<{ id: string }>(owner, 'merchant_profile', {})).id;
    for (const name of ['Giulia', 'Marta'])
      await rpcData(owner, 'add_operator', { name, image_path: `${merchantId}/${name}.png` });
    for (const [name, duration_minutes] of [
      ['Piega', 45],
      ['Manicure', 30],
    ] as const)
      await rpcData(owner, 'add_treatment', { name, description: name, duration_minutes, price: 25 });
    await joinMerchant(server, { merchantSlug: slug, ...customer, phone: '333 200 3000' });
    day = (
      await rpcData<string[]>(await signedIn(server, customer), 'booking_dates', { merchant_slug: slug })
    )[2]!;
    salon = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await signInThroughForm(salon, `${server.url}/merchant/${slug}`, salonAccount);
    await waitForPath(salon, '/dashboard/registrazioni');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const dialog = () => salon.getByRole('dialog', { name: 'Nuovo appuntamento' });
  const part = (n: number) => dialog().getByRole('group', { name: `Trattamento ${n}` });
  const agendaEntry = (text: RegExp) => salon.getByRole('button', { name: text }).first();

  it('books one treatment from the client’s card in Clienti, shown in the Agenda at once', async () => {
    await salon.goto(`${server.url}/dashboard/clienti`);
    await heading(salon, 'Elenco Clienti');
    await salon.getByRole('link', { name: 'Nuovo appuntamento per Chiara Neri' }).click();
    await dialog().getByText('Per Chiara Neri').waitFor();
    expect(new URL(salon.url()).search).not.toContain('Chiara');
    await choose(salon, part(1), 'Trattamento', 'Piega');
    await choose(salon, part(1), 'Operatore', 'Giulia');
    await dialog().getByLabel('Giorno').fill(day);
    await dialog().getByRole('button', { name: '10:00', exact: true }).click();
    await checkAndShoot(
      salon,
      'phone-booking-one',
      dialog().getByRole('button', { name: 'Conferma appuntamento' }),
    );
    await dialog().getByRole('button', { name: 'Conferma appuntamento' }).click();
    await salon
      .locator('[data-sonner-toast][data-type="success"]')
      .filter({ hasText: 'Appuntamento confermato' })
      .waitFor();
    await closeToasts(salon);
    await salon.goto(`${server.url}/dashboard/agenda?giorno=${day}&settimana=${day}`);
    await agendaEntry(/Chiara Neri/).waitFor();
  });

  it('books a visit of two treatments from the Agenda, the client found by name', async () => {
    await salon.goto(`${server.url}/dashboard/agenda?giorno=${day}&settimana=${day}`);
    await heading(salon, 'Agenda');
    await salon.getByRole('button', { name: 'Nuovo appuntamento' }).click();
    await dialog().getByRole('searchbox', { name: 'Cerca cliente' }).fill('Chiara');
    await dialog()
      .getByRole('button', { name: /Chiara Neri/ })
      .click();
    await choose(salon, part(1), 'Trattamento', 'Manicure');
    await dialog().getByRole('button', { name: 'Aggiungi un altro trattamento' }).click();
    await choose(salon, part(2), 'Trattamento', 'Piega');
    await choose(salon, part(2), 'Operatore', 'Marta');
    await dialog().getByRole('button', { name: '15:00', exact: true }).click();
    await checkAndShoot(salon, 'phone-booking-visit-parts', part(1));
    await checkAndShoot(
      salon,
      'phone-booking-visit',
      dialog().getByRole('button', { name: 'Conferma appuntamento' }),
    );
    await dialog().getByRole('button', { name: 'Conferma appuntamento' }).click();
    await salon
      .locator('[data-sonner-toast][data-type="success"]')
      .filter({ hasText: 'Appuntamento confermato' })
      .waitFor();
    await dialog().waitFor({ state: 'detached' });
    const { rows } = await server.server.context.db.query<{ n: string }>(
      `select count(*)::text as n from app.reservations where status = 'confermata' and visit_id is not null`,
    );
    expect(rows).toEqual([{ n: '2' }]);
    await expect.poll(() => salon.getByRole('button', { name: /Chiara Neri/ }).count()).toBeGreaterThan(1);
    await closeToasts(salon);
    await checkAndShoot(salon, 'phone-booking-agenda', agendaEntry(/Chiara Neri/));
  });

  it('shows the customer her appointment confirmed in her list', async () => {
    const client = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await signInThroughForm(client, `${server.url}/${slug}/login`, customer);
    await waitForPath(client, '/client/profile');
    await openFromNav(client, 'Prenota');
    const card = client
      .getByRole('list', { name: 'Prossime', exact: true })
      .getByRole('article', { name: /^Piega · / })
      .first();
    await card.waitFor();
    expect(await card.innerText()).toMatch(/confermata/i);
    await checkAndShoot(client, 'phone-booking-customer', card);
    await client.context().close();
  });
});
