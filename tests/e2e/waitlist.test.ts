import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateWithWeekday } from '@/components/booking/booking-dates';
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

const salonAccount = { name: 'Centro Attesa', email: 'attesa@centri.test', password: 'segreta-attesa' };
const customer = { name: 'Chiara Neri', email: 'chiara@clienti.test', password: 'password-chiara' };
const other = { name: 'Sara Blu', email: 'sara@clienti.test', password: 'password-sara' };
const live = { timeout: 15_000 };

/** Checks the screen with axe and takes it at phone and desktop widths, with no sideways scroll. */
async function checkAndShoot(page: Page, name: string) {
  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    await page.setViewportSize(viewport);
    await expectAccessible(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(phone);
}

describe('booking: the waitlist tells a waiting customer of a freed slot, live, and she books it', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let salon: Page;
  let slug: string;
  let sara: TestClient;
  let day: string;
  let appointment: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, salonAccount)).slug;
    const owner = await signedIn(server, salonAccount);
    const merchantId = (await rpcData<{ id: string }>(owner, 'merchant_profile', {})).id;
    await rpcData(owner, 'add_operator', { name: 'Giulia', image_path: `${merchantId}/giulia.png` });
    const piega = await rpcData<{ id: string }>(owner, 'add_treatment', {
      name: 'Piega',
      description: 'Lavaggio e piega',
      duration_minutes: 45,
      price: 25,
    });
    await joinMerchant(server, { merchantSlug: slug, ...customer });
    await joinMerchant(server, { merchantSlug: slug, ...other });
    sara = await signedIn(server, other);
    // Sara has the 10:00 of the day after tomorrow, confirmed: at least a day away whenever the test
    // runs, so her cancellation is never refused by the 24 hours' notice.
    const { rows } = await server.server.context.db.query<{ day: string }>(
      `select to_char((now() at time zone 'Europe/Rome')::date + 2, 'YYYY-MM-DD') as day`,
    );
    day = rows[0]!.day;
    const operators = await rpcData<{ id: string }[]>(owner, 'list_operators', {});
    appointment = (
      await rpcData<{ id: string }>(sara, 'book_reservation', {
        merchant_slug: slug,
        treatment_id: piega.id,
        operator_id: operators[0]!.id,
        date: day,
        time: '10:00',
      })
    ).id;
    await rpcData(owner, 'confirm_reservation', { reservation_id: appointment });
    page = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    salon = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const form = () => page.getByRole('form', { name: 'Nuova prenotazione' });
  const step = (name: string) => form().getByRole('group', { name, exact: true });
  const waitlist = () => page.getByRole('list', { name: "Lista d'attesa", exact: true });
  const dialog = () => page.getByRole('dialog');

  it("joins the waitlist from Prenota when 10:00 is taken, and leaves an entry with 'Esci dalla lista d'attesa'", async () => {
    await signInThroughForm(page, `${server.url}/${slug}/login`, customer);
    await waitForPath(page, '/client/profile');
    await openFromNav(page, 'Prenota');
    await heading(page, 'Prenota');
    await step('Trattamento')
      .getByRole('radio', { name: /^Piega/ })
      .check();
    await step('Operatore').getByRole('radio', { name: 'Giulia', exact: true }).check();
    await step('Giorno')
      .getByRole('radio', { name: dateWithWeekday(day), exact: true })
      .check();
    await step('Orario').getByRole('radio', { name: '11:00', exact: true }).waitFor();
    expect(await step('Orario').getByRole('radio', { name: '10:00', exact: true }).count()).toBe(0);

    // She turns the booking e-mails off before her second entry: the confirmation promises none.
    const told = {
      Mattina: 'Ti avvisiamo qui e per e-mail appena si libera un posto.',
      Sera: 'Ti avvisiamo qui appena si libera un posto.',
    };
    for (const period of ['Mattina', 'Sera'] as const) {
      if (period === 'Sera') {
        await rpcData(await signedIn(server, customer), 'set_my_notification_channels', {
          merchant_slug: slug,
          email: false,
          push: false,
        });
      }
      await form().getByRole('button', { name: 'Avvisami se si libera un posto' }).click();
      const join = dialog().getByRole('form', { name: 'Avvisami se si libera un posto' });
      await join.getByRole('radio', { name: period, exact: true }).check();
      if (period === 'Mattina') await checkAndShoot(page, 'waitlist-join');
      await join.getByRole('button', { name: "Entra in lista d'attesa" }).click();
      await dialog().getByRole('heading', { name: "Sei in lista d'attesa" }).waitFor();
      await dialog().getByText(told[period], { exact: true }).waitFor();
      if (period === 'Mattina') await checkAndShoot(page, 'waitlist-joined');
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
    }
    await expect.poll(() => waitlist().getByRole('listitem').count(), live).toBe(2);
    const evening = waitlist().getByRole('listitem').filter({ hasText: 'Sera' });
    await evening.getByRole('button', { name: "Esci dalla lista d'attesa per Piega" }).click();
    await expect.poll(() => waitlist().getByRole('listitem').count(), live).toBe(1);
    await closeToasts(page);
    await waitlist().scrollIntoViewIfNeeded();
    await checkAndShoot(page, 'waitlist-entries');
  });

  it("shows the salon the day's waitlist in the Agenda", async () => {
    await signInThroughForm(salon, `${server.url}/merchant/${slug}`, salonAccount);
    await waitForPath(salon, '/dashboard/registrazioni');
    await openFromNav(salon, 'Agenda');
    await heading(salon, 'Agenda');
    await salon.goto(`${server.url}/dashboard/agenda?giorno=${day}`);
    const section = salon.getByRole('region', { name: /Lista d'attesa del giorno/ });
    await section.getByText('Chiara Neri').waitFor(live);
    expect(await section.textContent()).toContain('Piega · Giulia');
    expect(await section.textContent()).toContain('Mattina');
    await checkAndShoot(salon, 'waitlist-agenda');
  });

  it('tells her live when the 10:00 frees, and she books it from the notice', async () => {
    await rpcData(sara, 'cancel_reservation', { reservation_id: appointment });
    const notice = page.getByRole('listitem').filter({ hasText: /^Si è liberato un posto: Piega .+ 10:00/ });
    await notice.waitFor(live);
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkAndShoot(page, 'waitlist-notice');

    await notice.getByRole('button', { name: /^Prenota Piega .+ alle 10:00$/ }).click();
    await expect
      .poll(() => step('Orario').getByRole('radio', { name: '10:00', exact: true }).isChecked(), live)
      .toBe(true);
    await form().getByRole('button', { name: 'Prenota', exact: true }).click();
    await page
      .locator('[data-sonner-toast][data-type="success"]')
      .filter({ hasText: 'Prenotazione salvata!' })
      .first()
      .waitFor();
    await page.getByRole('article').filter({ hasText: '10:00' }).first().waitFor();
    // Booking the treatment on that day closes her waitlist entry, and the notice with it.
    await notice.waitFor({ state: 'detached', ...live });
    await waitlist().waitFor({ state: 'detached', ...live });
  });
});
