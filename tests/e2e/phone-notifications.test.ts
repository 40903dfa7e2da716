import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  closeToasts,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  signInThroughForm,
  waitForPath,
} from './helpers.ts';

const carla = { name: 'Carla Blu', email: 'carla@cliente.test', password: 'carla-password' };
const salone = { name: 'Salone Campanella', email: 'campanella@salone.test', password: 'campanella-pass' };

/**
 * The browser's push service (FCM for Chromium) is out of reach here: PushManager answers with a
 * subscription of its own, as a phone would, whose keys are real P-256 and auth bytes.
 */
function fakePushManager() {
  const bytes = (length: number, first: number) => {
    const array = new Uint8Array(length);
    array.fill(7);
    array[0] = first;
    return array.buffer;
  };
  let current: PushSubscription | null = null;
  const make = () =>
    ({
      endpoint: 'https://push.example.com/carla-phone',
      getKey: (name: string) => (name === 'p256dh' ? bytes(65, 4) : bytes(16, 1)),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    }) as unknown as PushSubscription;
  PushManager.prototype.getSubscription = async () => current;
  PushManager.prototype.subscribe = async () => (current = make());
}

describe('phone notifications: the switches, and the service worker that shows them', () => {
  let server: TestServer;
  let browser: Browser;
  let salon: { slug: string; name: string };

  const query = async <Row>(sql: string, params: unknown[] = []) =>
    (await server.server.context.db.query<Row>(sql, params)).rows;
  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
  const bothWidths = async (page: Page, name: string) => {
    await page.setViewportSize(phone);
    await screenshot(page, `${name}-phone`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.setViewportSize(desktop);
    await screenshot(page, `${name}-desktop`);
    await page.setViewportSize(phone);
  };
  const signedInContext = async (account: { email: string; password: string }, url: string) => {
    const context = await browser.newContext({ viewport: phone });
    await context.grantPermissions(['notifications'], { origin: server.url });
    await context.addInitScript(fakePushManager);
    const page = await context.newPage();
    await signInThroughForm(page, url, account);
    return { context, page };
  };

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    salon = await createMerchant(server, salone);
    await joinMerchant(server, { merchantSlug: salon.slug, ...carla });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets her choose e-mail and "Notifiche sul telefono" in Anagrafica, and the salon sees it on her card', async () => {
    const { context, page } = await signedInContext(carla, `${server.url}/${salon.slug}/login`);
    await waitForPath(page, '/client/profile');
    await heading(page, 'Anagrafica');
    await page.getByRole('heading', { name: 'Messaggi sulle prenotazioni' }).waitFor();
    const byEmail = page.getByRole('checkbox', { name: 'Per e-mail' });
    const onPhone = page.getByRole('checkbox', { name: 'Notifiche sul telefono' });
    await expect.poll(() => byEmail.isChecked(), { timeout: 10_000 }).toBe(true);
    expect(await onPhone.isChecked()).toBe(false);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await onPhone.click();
    await toast(page, 'Preferenza salvata');
    await expect.poll(() => onPhone.isChecked()).toBe(true);
    expect(await query('select endpoint from app.push_subscriptions')).toEqual([
      { endpoint: 'https://push.example.com/carla-phone' },
    ]);
    await byEmail.click();
    await toast(page, 'Preferenza salvata');
    expect(
      await query('select booking_emails, booking_push from app.clients where email = $1', [carla.email]),
    ).toEqual([{ booking_emails: false, booking_push: true }]);
    await closeToasts(page);
    await expectAccessible(page);
    await bothWidths(page, 'anagrafica-notifications');
    await context.close();

    const owner = await signedInContext(salone, `${server.url}/merchant/${salon.slug}`);
    await waitForPath(owner.page, '/dashboard/registrazioni');
    await owner.page.goto(`${server.url}/dashboard/clienti`);
    await heading(owner.page, 'Elenco Clienti');
    await owner.page.getByText('notifiche sul telefono', { exact: true }).waitFor();
    await bothWidths(owner.page, 'clients-channels');
    await owner.context.close();
  });

  it('turns on notifications for new requests in the salon settings', async () => {
    const { context, page } = await signedInContext(salone, `${server.url}/merchant/${salon.slug}`);
    await waitForPath(page, '/dashboard/registrazioni');
    await page.goto(`${server.url}/dashboard/impostazioni`);
    await page.getByRole('tab', { name: 'Salone' }).click();
    const field = page.getByRole('checkbox', { name: 'Notifiche sul telefono per le nuove richieste' });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await field.click();
    await toast(page, 'Notifiche attivate su questo dispositivo');
    const owners = await query<{ n: number }>(
      `select count(*)::int as n from app.push_subscriptions s join app.merchants m on m.user_id = s.user_id
        where m.slug = $1`,
      [salon.slug],
    );
    expect(owners).toEqual([{ n: 1 }]);
    await closeToasts(page);
    await expectAccessible(page);
    await bothWidths(page, 'settings-new-request-push');
    await context.close();
  });

  it('shows a push in Italian and opens its screen when tapped', async () => {
    const context: BrowserContext = await browser.newContext({ viewport: phone });
    await context.grantPermissions(['notifications'], { origin: server.url });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((registration) => !registration.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: await registrationId,
      data: JSON.stringify({
        title: 'Salone Campanella: prenotazione confermata',
        body: 'Piega, 02-12-2026 alle 10:00',
        url: '/client/prenota',
      }),
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const [notification] = await registration.getNotifications();
        return (
          notification && { title: notification.title, body: notification.body, lang: notification.lang }
        );
      });
    await expect.poll(shown, { timeout: 10_000 }).toEqual({
      title: 'Salone Campanella: prenotazione confermata',
      body: 'Piega, 02-12-2026 alle 10:00',
      lang: 'it',
    });

    // The tap: the worker's notificationclick with the notification it showed.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await waitForPath(page, '/client/prenota');
    await context.close();
  });
});
