import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { registerPurchase, signedIn } from '../support/fixtures.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  areaNav,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  openFromNav,
  signOutFromNav,
  waitForPath,
} from './helpers.ts';

const customer = { name: 'Carla Offline', email: 'carla.offline@example.test', password: 'password-carla-1' };
const merchantAccount = {
  name: 'Salone Senza Rete',
  email: 'senzarete@example.test',
  password: 'password-rete-1',
};

describe('the customer opens the app offline', () => {
  let server: TestServer;
  let browser: Browser;
  let slug: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, merchantAccount)).slug;
    const code = await joinMerchant(server, { merchantSlug: slug, ...customer });
    const merchant = await signedIn(server, merchantAccount);
    await registerPurchase(merchant, code, 86.4);
    // A confirmed appointment in the booking window.
    const { rows } = await server.server.context.db.query<{ id: string }>(
      `insert into app.operators (merchant_id, name) select id, 'Giada' from app.merchants where slug = $1 returning id`,
      [slug],
    );
    const operatorId = rows[0]!.id;
    const treatment = await merchant.rpc('add_treatment', {
      name: 'Pulizia del viso',
      description: 'Pulizia profonda',
      duration_minutes: 60,
      price: 45,
      operator_ids: [operatorId],
    });
    expect(treatment.error).toBeNull();
    const client = await signedIn(server, customer);
    const dates = await client.rpc('booking_dates', { merchant_slug: slug });
    expect(dates.error).toBeNull();
    const first = (dates.data as ({ date: string } | string)[])[1]!;
    const booked = await client.rpc('book_reservation', {
      merchant_slug: slug,
      treatment_id: (treatment.data as { id: string }).id,
      operator_id: operatorId,
      date: typeof first === 'string' ? first : first.date,
      time: '11:00',
    });
    expect(booked.error).toBeNull();
    const reservationId = (booked.data as { id: string }).id;
    expect((await merchant.rpc('confirm_reservation', { reservation_id: reservationId })).error).toBeNull();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sees her last known credit and next appointment, marked as not up to date; signing out forgets them', async () => {
    const context = await browser.newContext({ viewport: phone, locale: 'it-IT' });
    const page = await context.newPage();
    await page.goto(`${server.url}/${slug}/login`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(page, '/client/profile');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await openFromNav(page, 'Crediti');
    await heading(page, 'Crediti');
    const credit = page.getByTestId('available-credit');
    await credit.waitFor();
    const creditSeen = (await credit.textContent())!;
    expect(creditSeen).toMatch(/^€\s?\d+,\d{2}$/);
    // The area read the reservations too: the device now keeps the next appointment.
    await page.waitForFunction(() =>
      Object.keys(localStorage).some((key) => localStorage.getItem(key)?.includes('"nextAppointment":{')),
    );

    await context.setOffline(true);
    await page.reload();
    await heading(page, 'Sei offline');
    const card = page.getByRole('main');
    await card.getByRole('heading', { name: merchantAccount.name }).waitFor();
    expect(await page.getByTestId('offline-credit').textContent()).toBe(creditSeen);
    const appointment = page.getByTestId('offline-next-appointment');
    expect(await appointment.textContent()).toContain('Pulizia del viso');
    expect(await appointment.textContent()).toContain('con Giada');
    expect(await appointment.textContent()).toContain('11:00');
    expect(await appointment.textContent()).toContain('confermata');
    expect(await page.getByRole('note').textContent()).toMatch(
      /^Dati non aggiornati: li hai letti l’ultima volta il \d{2}-\d{2}-\d{4} alle \d{2}:\d{2}\./,
    );
    await expectAccessible(page);
    await screenshot(page, 'offline-snapshot-phone');
    await page.setViewportSize(desktop);
    await screenshot(page, 'offline-snapshot-desktop');
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize(phone);

    // Back online, 'Riprova' opens the area again with live data.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Riprova' }).click();
    await heading(page, 'Crediti');
    expect(await page.getByTestId('available-credit').textContent()).toBe(creditSeen);

    // Signing out leaves nothing of her account for the next person offline.
    await signOutFromNav(page);
    await waitForPath(page, '/');
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('passaparola.offline.')),
      ),
    ).toEqual([]);
    await context.setOffline(true);
    await page.goto(`${server.url}/client/crediti`);
    await page.getByRole('alert').filter({ hasText: 'Questa pagina ha bisogno della rete.' }).waitFor();
    expect(await page.getByTestId('offline-credit').count()).toBe(0);
    await context.close();
  });

  it('says that a screen not kept on the device waits for the connection, then loads it by itself, once', async () => {
    const offlineText = 'Sei offline: questa pagina sarà disponibile quando torna la connessione.';
    for (const viewport of [phone, desktop]) {
      const context = await browser.newContext({ viewport, locale: 'it-IT' });
      const page = await context.newPage();
      await page.goto(`${server.url}/${slug}/login`);
      await page.getByLabel('Email').fill(customer.email);
      await page.getByLabel('Password', { exact: true }).fill(customer.password);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await waitForPath(page, '/client/profile');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const purchaseCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/rpc/client_purchases')) purchaseCalls.push(request.url());
      });

      // Acquisti was never read on this device: offline it says why it waits, not 'Caricamento...'.
      await context.setOffline(true);
      await openFromNav(page, 'Acquisti');
      await heading(page, 'Acquisti');
      const waiting = page.getByRole('alert').filter({ hasText: offlineText });
      await waiting.waitFor();
      expect(await page.getByText('Caricamento...').count()).toBe(0);
      // 'Riprova' while still offline keeps waiting, and sends nothing.
      await waiting.getByRole('button', { name: 'Riprova' }).click();
      await waiting.waitFor();
      await expectAccessible(page);
      await screenshot(page, `offline-waiting-${viewport.width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Back online, the purchases come by themselves, asked for once.
      await context.setOffline(false);
      await page.getByRole('main').getByText('86,40').first().waitFor();
      await waiting.waitFor({ state: 'detached' });
      expect(purchaseCalls).toHaveLength(1);

      await context.close();
    }
  });

  it('shows the merchant the same notice on a screen whose data waits for the connection', async () => {
    const context = await browser.newContext({ viewport: phone, locale: 'it-IT' });
    const page = await context.newPage();
    await page.goto(`${server.url}/merchant/${slug}`);
    await page.getByLabel('Email').fill(merchantAccount.email);
    await page.getByLabel('Password').fill(merchantAccount.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await waitForPath(page, '/dashboard/registrazioni');
    // The area (its navigation included) is loaded before the connection goes.
    await heading(page, 'Registrazioni');
    await areaNav(page).waitFor();
    await context.setOffline(true);
    await openFromNav(page, 'Clienti');
    const waiting = page
      .getByRole('alert')
      .filter({ hasText: 'Sei offline: questa pagina sarà disponibile quando torna la connessione.' });
    await waiting.waitFor();
    await expectAccessible(page);
    await screenshot(page, 'merchant-offline-waiting-phone');
    await context.setOffline(false);
    await page.getByRole('main').getByText(customer.name).first().waitFor();
    expect(await waiting.count()).toBe(0);
    await context.close();
  });
});
