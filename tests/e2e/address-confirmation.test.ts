import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { launchBrowser, phone, screenshot } from '../support/browser.ts';
import { signedIn } from '../support/fixtures.ts';
import { linkIn, mailbox } from '../support/mailbox.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  openFromNav,
  waitForPath,
} from './helpers.ts';

const merchantAccount = { name: 'Salone Viola', email: 'viola@saloni.test', password: 'segreta-viola' };
const customer = { name: 'Elena Russo', email: 'elena@clienti.test', password: 'password-elena' };
const subject = 'Conferma la tua e-mail per Salone Viola';

const bookingForm = (page: Page) => page.getByRole('form', { name: 'Nuova prenotazione' });
const step = (page: Page, name: string) => bookingForm(page).getByRole('group', { name, exact: true });

async function bookFirstFreeTime(page: Page) {
  await step(page, 'Trattamento')
    .getByRole('radio', { name: /^Piega/ })
    .check();
  await step(page, 'Operatore').getByRole('radio', { name: 'Anna', exact: true }).check();
  await step(page, 'Giorno').getByRole('radio', { disabled: false }).nth(1).check();
  await step(page, 'Orario').getByRole('radio').first().check();
  await bookingForm(page).getByRole('button', { name: 'Prenota', exact: true }).click();
}

describe('Prenota with an address not confirmed yet', () => {
  let server: TestServer;
  let browser: Browser;
  let slug: string;

  beforeAll(async () => {
    server = await startAppServer({ config: { ...appServerOptions.config, outboxIntervalMs: 100 } });
    browser = await launchBrowser();
    const merchant = (await createMerchant(server, merchantAccount)) as {
      slug: string;
      name: string;
      id: string;
    };
    slug = merchant.slug;
    const owner = await signedIn(server, merchantAccount);
    for (const [fn, args] of [
      ['add_operator', { name: 'Anna', image_path: `${merchant.id}/anna.png` }],
      ['add_treatment', { name: 'Piega', description: 'Lavaggio e piega', duration_minutes: 60, price: 25 }],
    ] as const)
      expect((await owner.rpc(fn, args)).error).toBeNull();
    await joinMerchant(server, { merchantSlug: slug, ...customer, unconfirmed: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('explains why it cannot book, sends the link again, and books once the link is opened', async () => {
    const page = await browser.newPage({ viewport: phone, locale: 'it-IT' });
    await page.goto(`${server.url}/${slug}/login`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(page, '/client/profile');
    await openFromNav(page, 'Prenota');
    await heading(page, 'Prenota');

    await bookFirstFreeTime(page);
    const notice = page.getByRole('alert', { name: 'Conferma la tua email' });
    await notice
      .getByText('Conferma la tua email per prenotare: apri il link che ti abbiamo inviato.')
      .waitFor();
    await expectAccessible(page);
    await screenshot(page, 'booking-address-unconfirmed-phone');

    // A minute after the first e-mail, the link is sent again; the newest one confirms the address.
    await server.server.context.db.query(
      `update app.address_confirmations set sent_at = now() - interval '2 minutes'
        where user_id = (select id from auth.users where email = $1)`,
      [customer.email],
    );
    await notice.getByRole('button', { name: 'Invia di nuovo il link' }).click();
    await page.getByText('Ti abbiamo inviato un nuovo link di conferma.').waitFor();
    const box = mailbox(server.mailUrl);
    await expect
      .poll(async () => (await box.to(customer.email)).map((message) => message.Subject), { timeout: 10_000 })
      .toEqual([subject, subject]);
    const link = linkIn((await box.latestTo(customer.email)).Text, '/__/auth/action');

    await page.goto(link.href);
    await heading(page, 'Verifica email');
    await page.getByText('Email verificata!').waitFor();

    await page.goto(`${server.url}/client/prenota`);
    await heading(page, 'Prenota');
    await bookFirstFreeTime(page);
    await page.getByText('Prenotazione salvata!').first().waitFor();
    await page.close();
  });
});
