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
  waitForPath,
} from './helpers.ts';

const salonAccount = { name: 'Studio Onda', email: 'onda@centri.test', password: 'segreta-onda' };

async function checkAndShoot(page: Page, name: string) {
  await closeToasts(page);
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
  await expectAccessible(page);
  await screenshot(page, name);
}

/** The salon writes to its clients on WhatsApp from the inbox and the Agenda, the text already written. */
describe('the WhatsApp action on the Prenotazioni inbox and the Agenda', () => {
  let server: TestServer;
  let browser: Browser;
  let salon: Page;
  let owner: TestClient;
  let slug: string;
  let salonLink: string;
  let tomorrow: string;
  /** Two days on: its reminder is always still to send. */
  let later: string;
  const links: Record<string, string> = {};

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, salonAccount)).slug;
    owner = await signedIn(server, salonAccount);
    const merchantId = (await rpcData<{ id: string }>(owner, 'merchant_profile', {})).id;
    const anna = (
      await rpcData<{ id: string }>(owner, 'add_operator', {
        name: 'Anna',
        image_path: `${merchantId}/anna.png`,
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
    const join = async (name: string, email: string, phoneNumber?: string) => {
      const account = { email, password: 'password-cliente' };
      await joinMerchant(server, { merchantSlug: slug, name, ...account, phone: phoneNumber });
      return signedIn(server, account);
    };
    const chiara = await join('Chiara Neri', 'chiara@clienti.test', '333 100 2000');
    const paola = await join('Paola Galli', 'paola@clienti.test');
    const dates = await rpcData<string[]>(chiara, 'booking_dates', { merchant_slug: slug });
    [tomorrow, later] = [dates[1]!, dates[2]!];
    const book = async (customer: TestClient, time: string, date = tomorrow) =>
      (
        await rpcData<{ id: string }>(customer, 'book_reservation', {
          merchant_slug: slug,
          treatment_id: piega,
          operator_id: anna,
          date,
          time,
        })
      ).id;
    const request = await book(chiara, '10:00');
    const appointment = await book(chiara, '11:00', later);
    await rpcData(owner, 'confirm_reservation', { reservation_id: appointment });
    await book(paola, '12:00');
    for (const [name, id] of [
      ['request', request],
      ['appointment', appointment],
    ] as const) {
      links[name] = (
        await rpcData<{ url: string }>(owner, 'reservation_whatsapp', { reservation_id: id })
      ).url;
    }

    salonLink = (await rpcData<{ url: string }>(chiara, 'salon_whatsapp', { merchant_slug: slug })).url;

    salon = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await salon.goto(`${server.url}/merchant/${slug}`);
    await salon.getByLabel('Email').fill(salonAccount.email);
    await salon.getByLabel('Password').fill(salonAccount.password);
    await salon.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(salon, '/dashboard/registrazioni');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const main = () => salon.getByRole('main');
  const card = (client: string) => main().getByRole('listitem').filter({ hasText: client });

  it('opens wa.me on the client’s number with the text written, or says why it cannot', async () => {
    expect(links.request).toMatch(/^https:\/\/wa\.me\/393331002000\?text=/);
    expect(new URL(links.request!).searchParams.get('text')).toContain('Piega con Anna');
    await openFromNav(salon, /^Prenotazioni/);
    await heading(salon, 'Prenotazioni');
    const whatsapp = card('Chiara Neri').getByRole('link', {
      name: 'Scrivi a Chiara Neri su WhatsApp: la tua richiesta',
    });
    await whatsapp.waitFor();
    expect(await whatsapp.getAttribute('href')).toBe(links.request);
    expect(await whatsapp.getAttribute('target')).toBe('_blank');
    await card('Paola Galli').getByText('WhatsApp: Numero di telefono mancante').waitFor();
    await checkAndShoot(salon, 'merchant-whatsapp-inbox-phone');
    await salon.setViewportSize(desktop);
    expect(await whatsapp.getAttribute('href')).toBe(links.request);
    await checkAndShoot(salon, 'merchant-whatsapp-inbox-desktop');
  });

  it('shows it in the Agenda’s appointment details with the reminder in programme', async () => {
    await salon.setViewportSize(phone);
    await salon.goto(`${server.url}/dashboard/agenda?giorno=${later}`);
    await heading(salon, 'Agenda');
    const open = async () => {
      await main()
        .getByRole('button', { name: /^11:00–11:45 Chiara Neri, Piega, con Anna$/ })
        .click();
      const details = salon.getByRole('dialog', { name: 'Chiara Neri' });
      const whatsapp = details.getByRole('link', { name: 'Scrivi a Chiara Neri su WhatsApp: conferma' });
      expect(await whatsapp.getAttribute('href')).toBe(links.appointment);
      await details.getByText('Promemoria 24 ore prima via e-mail: in programma').waitFor();
      return details;
    };
    const details = await open();
    await checkAndShoot(salon, 'merchant-whatsapp-agenda-phone');
    await details.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await details.waitFor({ state: 'detached' });
    await salon.setViewportSize(desktop);
    await open();
    await checkAndShoot(salon, 'merchant-whatsapp-agenda-desktop');
  });

  it('gives the customer “Scrivi al salone” on her Prenota screen', async () => {
    expect(salonLink).toMatch(
      /^https:\/\/wa\.me\/39\d+\?text=Ciao%20Studio%20Onda%2C%20sono%20Chiara%20Neri/,
    );
    const customer = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await customer.goto(`${server.url}/${slug}/login`);
    await customer.getByLabel('Email').fill('chiara@clienti.test');
    await customer.getByLabel('Password').fill('password-cliente');
    await customer.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(customer, '/client/profile');
    await customer.goto(`${server.url}/client/prenota`);
    const write = customer.getByRole('link', { name: 'Scrivi al salone su WhatsApp' });
    expect(await write.getAttribute('href')).toBe(salonLink);
    await checkAndShoot(customer, 'client-scrivi-al-salone-phone');
    await customer.setViewportSize(desktop);
    await write.waitFor();
    await checkAndShoot(customer, 'client-scrivi-al-salone-desktop');
    await customer.context().close();
  });

  it('puts it on each client’s card on Clienti', async () => {
    const { clients } = await rpcData<{ clients: { name: string; whatsapp: { url?: string } }[] }>(
      owner,
      'merchant_clients',
      {},
    );
    const chiara = clients.find((client) => client.name === 'Chiara Neri')!.whatsapp.url!;
    expect(new URL(chiara).searchParams.get('text')).toBe('Ciao Chiara Neri, ti scriviamo da Studio Onda. ');
    for (const viewport of [phone, desktop]) {
      await salon.setViewportSize(viewport);
      await salon.goto(`${server.url}/dashboard/clienti`);
      await heading(salon, /Clienti/);
      const link = main().getByRole('link', { name: 'Scrivi a Chiara Neri su WhatsApp' });
      expect(await link.getAttribute('href')).toBe(chiara);
      await main().getByText('WhatsApp: Numero di telefono mancante').waitFor();
      await checkAndShoot(salon, `merchant-whatsapp-clienti-${viewport === phone ? 'phone' : 'desktop'}`);
    }
  });
});
