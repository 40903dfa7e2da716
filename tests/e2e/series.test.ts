import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { addDays, rpcData, signedIn } from '../support/fixtures.ts';
import type { TestClient, TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  closeToasts,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  waitForPath,
} from './helpers.ts';

const salonAccount = { name: 'Centro Serie', email: 'serie@centri.test', password: 'segreta-serie' };

/** The page is no wider than the window. */
async function expectNoHorizontalOverflow(page: Page) {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
}

describe('the salon books a series from the Agenda', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestClient;
  let tomorrow: string;
  let giulia: string;
  let slug: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, salonAccount)).slug;
    owner = await signedIn(server, salonAccount);
    const merchantId = (await rpcData<{ id: string }>(owner, 'merchant_profile', {})).id;
    giulia = (
      await rpcData<{ id: string }>(owner, 'add_operator', {
        name: 'Giulia',
        image_path: `${merchantId}/g.png`,
      })
    ).id;
    const piega = (
      await rpcData<{ id: string }>(owner, 'add_treatment', {
        name: 'Piega',
        description: 'Lavaggio e piega',
        duration_minutes: 45,
        price: 25,
      })
    ).id;
    const customers: TestClient[] = [];
    for (const [index, name] of ['Chiara Neri', 'Elena Bianchi'].entries()) {
      const account = { email: `serie${index}@clienti.test`, password: 'password-cliente' };
      await joinMerchant(server, { merchantSlug: slug, name, ...account, phone: `333 200 30${index}0` });
      customers.push(await signedIn(server, account));
    }
    tomorrow = (await rpcData<string[]>(customers[0]!, 'booking_dates', { merchant_slug: slug }))[1]!;
    // Chiara's appointment to repeat; Elena already holds Giulia four weeks on at the same time.
    for (const [customer, date] of [
      [customers[0]!, tomorrow],
      [customers[1]!, addDays(tomorrow, 28)],
    ] as const) {
      const { id } = await rpcData<{ id: string }>(customer, 'book_reservation', {
        merchant_slug: slug,
        treatment_id: piega,
        operator_id: giulia,
        date,
        time: '10:00',
      });
      await rpcData(owner, 'confirm_reservation', { reservation_id: id });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(viewport: typeof phone) {
    const page = await (await browser.newContext({ viewport, locale: 'it-IT' })).newPage();
    await page.goto(`${server.url}/merchant/${slug}`);
    await page.getByLabel('Email').fill(salonAccount.email);
    await page.getByLabel('Password').fill(salonAccount.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(page, '/dashboard/registrazioni');
    return page;
  }

  const openAppointment = async (page: Page, date: string, client: string, shot?: string) => {
    await page.goto(`${server.url}/dashboard/agenda?giorno=${date}&settimana=${date}`);
    await heading(page, 'Agenda');
    if (shot) {
      await page.getByTestId('series-mark').first().waitFor();
      await expectNoHorizontalOverflow(page);
      await screenshot(page, shot);
    }
    await page
      .getByRole('button', { name: new RegExp(client) })
      .first()
      .click();
    return page.getByRole('dialog');
  };

  /** From Chiara's appointment: 'Ripeti', 3 times, the dates checked. */
  const planSeries = async (page: Page, name: string) => {
    const details = await openAppointment(page, tomorrow, 'Chiara Neri');
    await details.getByRole('button', { name: 'Ripeti l’appuntamento di Chiara Neri' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prenota una serie' });
    await dialog.getByRole('spinbutton', { name: 'Quante volte' }).fill('3');
    expect(await dialog.getByRole('spinbutton', { name: 'Ogni quante settimane' }).inputValue()).toBe('4');
    await dialog.getByRole('button', { name: 'Controlla le date' }).click();
    await dialog.getByText('Proposta:').waitFor();
    expect(await dialog.getByText('Libero', { exact: true }).count()).toBe(2);
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await dialog.getByRole('button', { name: 'Conferma la serie' }).scrollIntoViewIfNeeded();
    await screenshot(page, name);
    return dialog;
  };

  it('shows the planned dates at 1280 px, the taken one with its alternative', async () => {
    const page = await signIn(desktop);
    await planSeries(page, 'series-plan-desktop');
    await page.context().close();
  });

  it('repeats an appointment every 4 weeks, accepts the alternative of a taken date, confirms the series', async () => {
    const page = await signIn(phone);
    const dialog = await planSeries(page, 'series-plan-phone');
    const confirm = dialog.getByRole('button', { name: 'Conferma la serie' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: /^Accetta / }).click();
    await confirm.click();
    await page
      .locator('[data-sonner-toast][data-type="success"]')
      .filter({ hasText: 'Serie confermata' })
      .waitFor();
    const rows = await server.server.context.db.query<{ n: string }>(
      `select count(*)::text as n from app.reservations where series_id is not null and status = 'confermata'`,
    );
    expect(rows.rows).toEqual([{ n: '3' }]);
    await closeToasts(page);
    await page.context().close();
  });

  it('marks a series appointment and cancels the whole series when asked', async () => {
    const { rows } = await server.server.context.db.query<{ day: string }>(
      `select to_char(starts_at at time zone 'Europe/Rome', 'YYYY-MM-DD') as day from app.reservations
        where series_id is not null order by starts_at limit 1`,
    );
    for (const [size, viewport] of Object.entries({ phone, desktop })) {
      const page = await signIn(viewport);
      const details = await openAppointment(page, rows[0]!.day, 'Chiara Neri', `series-agenda-${size}`);
      await details.getByText('Fa parte di una serie').waitFor();
      await details.getByRole('button', { name: 'Solo questo' }).waitFor();
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `series-appointment-${size}`);
      if (size === 'desktop') {
        await details.getByRole('button', { name: 'Tutta la serie' }).click();
        const reason = page.getByRole('dialog', { name: 'Annulla la serie' });
        await reason.getByRole('textbox', { name: 'Motivo' }).fill('Si trasferisce');
        await reason.getByRole('button', { name: 'Annulla la serie' }).click();
        await page
          .locator('[data-sonner-toast][data-type="success"]')
          .filter({ hasText: 'Serie annullata' })
          .waitFor();
        const left = await server.server.context.db.query<{ n: string }>(
          `select count(*)::text as n from app.reservations where series_id is not null and status = 'confermata'`,
        );
        expect(left.rows).toEqual([{ n: '0' }]);
      }
      await page.context().close();
    }
  });
  it('books a series from the client’s card too, the treatment and first date chosen there', async () => {
    for (const [size, viewport] of Object.entries({ phone, desktop })) {
      const page = await signIn(viewport);
      await page.goto(`${server.url}/dashboard/clienti`);
      await heading(page, 'Elenco Clienti');
      const open = page.getByRole('link', { name: 'Prenota una serie per Chiara Neri' });
      await open.waitFor();
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `series-client-card-${size}`);
      if (size === 'phone') {
        await open.click();
        const dialog = page.getByRole('dialog', { name: 'Prenota una serie' });
        await dialog.getByText('Appuntamenti ripetuti per Chiara Neri').waitFor();
        await dialog.getByRole('combobox', { name: 'Trattamento' }).click();
        await page.getByRole('option', { name: 'Piega' }).click();
        await dialog.getByLabel('Prima data').fill(addDays(tomorrow, 2));
        await dialog.getByLabel('Orario').fill('11:00');
        await dialog.getByRole('spinbutton', { name: 'Quante volte' }).fill('2');
        await dialog.getByRole('button', { name: 'Controlla le date' }).click();
        await expect.poll(() => dialog.getByText('Libero', { exact: true }).count()).toBe(2);
        await dialog.getByRole('button', { name: 'Conferma la serie' }).click();
        await page
          .locator('[data-sonner-toast][data-type="success"]')
          .filter({ hasText: 'Serie confermata' })
          .waitFor();
        expect(new URL(page.url()).searchParams.get('serie')).toBeNull();
      }
      await page.context().close();
    }
  });
});
