import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { registerPurchase, signedIn } from '../support/fixtures.ts';
import type { TestClient, TestServer } from '../support/test-server.ts';
import {
  adminAccount,
  appServerOptions,
  areaNav,
  createMerchant,
  heading,
  joinMerchant,
  openFromNav,
} from './helpers.ts';

/** The phone and small-tablet widths the counter is run from; 480 is where the side bar starts. */
const widths = [320, 360, 390, 414, 480];

const merchantAccount = {
  name: 'Centro Estetico Benessere e Bellezza Santa Maria Novella',
  email: 'centro.estetico.benessere.santa.maria.novella@centri-estetici.test',
  password: 'segreta-benessere',
};
const surnames = ['Esposito-Bianchi della Valle', 'Mastroianni Bellavista', 'Castelfranco Veneto'];
const customerName = (index: number) =>
  `Maria Antonietta ${String(index).padStart(2, '0')} ${surnames[index % surnames.length]}`;
const customerEmail = (index: number) => `maria.antonietta.${index}.lunghissimo@clienti-del-centro.test`;

/** A route, its label in the navigation and its heading. */
type Screen = [path: string, label: string | RegExp, title: string];

/** The document's width beyond the viewport, 0 when nothing scrolls sideways. */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The elements wider than their parent, the cause of an overflow, to name in a failure. */
function widestElements(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const parent = element.parentElement;
        if (!parent || parent === document.body) return false;
        const box = element.getBoundingClientRect();
        return box.right > window.innerWidth + 0.5 && box.width > parent.clientWidth + 0.5;
      })
      .slice(0, 4)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">${(element.textContent ?? '').slice(0, 30)}`,
      )
      .join(' | '),
  );
}

/** Waits for the screen's data: its heading, then no loading placeholder and a quiet network. */
async function settle(page: Page, title: string | RegExp) {
  await heading(page, title);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.locator('.ui-skeleton').first().waitFor({ state: 'detached', timeout: 10_000 });
}

/** Opens each route once and measures it at every width; returns the offenders as 'path @ width: px'. */
async function overflowingRoutes(page: Page, baseUrl: string, routes: Screen[]) {
  const offenders: string[] = [];
  for (const [path, , title] of routes) {
    await page.setViewportSize({ width: widths[2]!, height: 844 });
    await page.goto(`${baseUrl}${path}`);
    await settle(page, title);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 844 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      const extra = await horizontalOverflow(page);
      if (extra > 0) offenders.push(`${path} @ ${width}: +${extra}px ${await widestElements(page)}`);
    }
    const name = `busy${path.replaceAll('/', '-')}`;
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `${name}-phone`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, `${name}-desktop`);
  }
  return offenders;
}

/**
 * At 390 px the bottom bar holds at most five items, all inside the screen, and every screen and 'Esci'
 * are two taps away; at 480 px the side bar shows every screen and 'Esci', none of them cut.
 */
async function checkNavigation(page: Page, screens: Screen[]) {
  await page.setViewportSize({ width: 390, height: 844 });
  const bar = areaNav(page).getByRole('listitem');
  const count = await bar.count();
  expect(count).toBeLessThanOrEqual(5);
  for (const item of await bar.all()) {
    const box = (await item.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  for (const [, label, title] of screens) {
    await openFromNav(page, label);
    await heading(page, title);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }
  const esci = areaNav(page).getByRole('button', { name: 'Esci', exact: true });
  if (!(await esci.isVisible())) {
    await areaNav(page).getByRole('button', { name: 'Altro', exact: true }).click();
    await page.getByRole('dialog', { name: 'Altro' }).getByRole('button', { name: 'Esci' }).waitFor();
    await screenshot(page, `busy-${new URL(page.url()).pathname.split('/')[1]}-altro-phone`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }

  await page.setViewportSize({ width: 480, height: 600 });
  const side = areaNav(page);
  const names = [...screens.map(([, label]) => label), 'Esci'];
  for (const name of names) {
    const entry = side.getByRole(name === 'Esci' ? 'button' : 'link', { name, exact: true });
    await entry.scrollIntoViewIfNeeded();
    expect(await entry.isVisible()).toBe(true);
    // Screen-reader-only text (the badge's count in words) is clipped on purpose.
    const cut = await entry.evaluate((element) =>
      [element, ...element.querySelectorAll('span:not(.sr-only)')].some(
        (part) => part.scrollWidth > part.clientWidth + 1,
      ),
    );
    expect(cut, `${name} is cut in the side bar`).toBe(false);
  }
}

/** The opened node `button` and the children drawn under it all sit inside the tree's frame. */
async function expectSubtreeInFrame(page: Page, button: Locator) {
  await page.waitForTimeout(150);
  const frame = (await page.locator('.rd3t-tree-container').boundingBox())!;
  const id = await button.evaluate((element) => element.parentElement?.dataset.nodeId ?? '');
  const children = page.locator(`[data-parent-id="${id}"] > g[role]`);
  const boxes = [(await button.boundingBox())!];
  for (const child of await children.all()) boxes.push((await child.boundingBox())!);
  expect(boxes.length).toBeGreaterThan(1);
  for (const box of boxes) {
    expect(box.x).toBeGreaterThanOrEqual(frame.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
    expect(box.y).toBeGreaterThanOrEqual(frame.y - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height + 1);
  }
}

/** Opens a sponsor chain three generations deep at 390 px: each opened node keeps its children in sight. */
async function openChainOnPhone(page: Page, area: string) {
  for (const index of [0, 1, 2]) {
    const node = page.getByRole('button', { name: new RegExp(`^${customerName(index)}, codice`) });
    await node.click();
    expect(await node.getAttribute('aria-expanded')).toBe('true');
    await expectSubtreeInFrame(page, node);
  }
  await screenshot(page, `busy-${area}-tree-opened-phone`);
}

async function signIn(page: Page, url: string, email: string, password: string, landing: string) {
  await page.context().clearCookies();
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(url);
  await page.getByLabel('Email').fill(email);
  const field = page.getByLabel('Password', { exact: true });
  await field.fill(password);
  // The field's toggle shows the password and hides it again.
  const show = page.getByRole('button', { name: 'Mostra password' });
  expect(await show.getAttribute('aria-pressed')).toBe('false');
  await show.click();
  expect(await field.getAttribute('type')).toBe('text');
  const hide = page.getByRole('button', { name: 'Nascondi password' });
  expect(await hide.getAttribute('aria-pressed')).toBe('true');
  expect((await hide.boundingBox())!.width).toBeGreaterThanOrEqual(44);
  await hide.click();
  expect(await field.getAttribute('type')).toBe('password');
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.waitForURL((current) => current.pathname === landing, { timeout: 15_000 });
}

describe('no screen scrolls sideways at 320–480 px, with a busy salon', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let slug: string;
  let merchant: TestClient;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, merchantAccount)).slug;
    // 36 clients in sponsor chains three generations deep, each with purchases over € 1.000.
    const codes: string[] = [];
    for (let index = 0; index < 36; index += 1) {
      const sponsorCode = index % 4 === 0 ? undefined : codes[index - 1];
      codes.push(
        await joinMerchant(server, {
          merchantSlug: slug,
          name: customerName(index),
          email: customerEmail(index),
          password: 'password123',
          sponsorCode,
        }),
      );
    }
    merchant = await signedIn(server, merchantAccount);
    for (const [index, code] of codes.entries()) {
      await registerPurchase(merchant, code, (123456 + index * 101_100) / 100);
    }
    // An operator and a treatment with long names, and reservations waiting and confirmed.
    const { rows } = await server.server.context.db.query<{ id: string }>(
      `insert into app.operators (merchant_id, name)
       select id, 'Annamaria Giovanna Castelfranchi-Mastroianni' from app.merchants where slug = $1
       returning id`,
      [slug],
    );
    const treatment = await merchant.rpc('add_treatment', {
      name: 'Trattamento viso rigenerante all’acido ialuronico con massaggio linfodrenante',
      description:
        'Pulizia profonda, peeling enzimatico, maschera e massaggio del viso, del collo e del décolleté.',
      duration_minutes: 90,
      price: 1250,
      operator_ids: [rows[0]!.id],
    });
    expect(treatment.error).toBeNull();
    const customer = await signedIn(server, { email: customerEmail(1), password: 'password123' });
    const dates = await customer.rpc('booking_dates', { merchant_slug: slug });
    expect(dates.error).toBeNull();
    const date = (dates.data as { date: string }[] | string[])[1];
    const day = typeof date === 'string' ? date : date!.date;
    const treatmentId = (treatment.data as { id: string }).id;
    for (const time of ['10:00', '12:00']) {
      const booked = await customer.rpc('book_reservation', {
        merchant_slug: slug,
        treatment_id: treatmentId,
        operator_id: rows[0]!.id,
        date: day,
        time,
      });
      expect(booked.error).toBeNull();
      if (time === '10:00') {
        const id = (booked.data as { id: string }).id;
        expect((await merchant.rpc('confirm_reservation', { reservation_id: id })).error).toBeNull();
      }
    }
    page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'it-IT' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('fits every merchant screen, a 13-digit preview in Registrazioni included; the nav holds them all', async () => {
    await signIn(
      page,
      `${server.url}/merchant/${slug}`,
      merchantAccount.email,
      merchantAccount.password,
      '/dashboard/registrazioni',
    );
    const screens: Screen[] = [
      ['/dashboard/registrazioni', 'Registrazioni', 'Registrazioni'],
      ['/dashboard/movimenti', 'Movimenti', 'Storico Movimenti'],
      ['/dashboard/clienti', 'Clienti', 'Elenco Clienti'],
      // One request waits for an answer: the link's name carries the count.
      ['/dashboard/prenotazioni', /^Prenotazioni\W*1 da confermare$/, 'Prenotazioni'],
      ['/dashboard/agenda', 'Agenda', 'Agenda'],
      ['/dashboard/percentuali', 'Percentuali', 'Percentuali'],
      ['/dashboard/statistiche', 'Statistiche', 'Statistiche'],
      ['/dashboard/struttura', 'Struttura', 'Struttura'],
      ['/dashboard/impostazioni', 'Impostazioni', 'Impostazioni'],
      ['/dashboard/invita', 'Invita clienti', 'Invita clienti'],
    ];
    const offenders = await overflowingRoutes(page, server.url, screens);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/dashboard/registrazioni`);
    await settle(page, 'Registrazioni');
    await page.locator('button[aria-pressed]').first().click();
    await page.getByLabel('Spesa').fill('1234567890123');
    for (const width of widths) {
      await page.setViewportSize({ width, height: 844 });
      const extra = await horizontalOverflow(page);
      if (extra > 0)
        offenders.push(
          `registrazioni with a 13-digit spend @ ${width}: +${extra}px ${await widestElements(page)}`,
        );
    }
    expect(offenders).toEqual([]);
    await checkNavigation(page, screens);

    await page.setViewportSize({ width: 390, height: 844 });
    await openFromNav(page, 'Struttura');
    await page.getByRole('button', { name: 'Apri Struttura' }).click();
    const root = page.getByRole('button', { name: /^Tutti i clienti/ });
    await root.click();
    await expectSubtreeInFrame(page, root);
    await openChainOnPhone(page, 'dashboard');
  });

  it('fits every customer screen; the nav holds them all', async () => {
    await signIn(page, `${server.url}/${slug}/login`, customerEmail(1), 'password123', '/client/profile');
    const screens: Screen[] = [
      ['/client/profile', 'Anagrafica', 'Anagrafica'],
      ['/client/acquisti', 'Acquisti', 'Acquisti'],
      ['/client/presenta', 'Presenta', 'Presenta un amico'],
      ['/client/crediti', 'Crediti', 'Crediti'],
      ['/client/struttura', 'Struttura', 'Struttura'],
      ['/client/prenota', 'Prenota', 'Prenota'],
    ];
    expect(await overflowingRoutes(page, server.url, screens)).toEqual([]);
    await checkNavigation(page, screens);

    // Prenota with every step open: the long treatment and operator, the 30-day strip, the time chips.
    await page.setViewportSize({ width: 390, height: 844 });
    await openFromNav(page, 'Prenota');
    await settle(page, 'Prenota');
    const step = (name: string) => page.getByRole('group', { name, exact: true });
    await step('Trattamento')
      .getByRole('radio', { name: /^Trattamento viso rigenerante/ })
      .check();
    await step('Operatore')
      .getByRole('radio', { name: 'Annamaria Giovanna Castelfranchi-Mastroianni', exact: true })
      .check();
    await step('Giorno').getByRole('radio').nth(2).check();
    await step('Orario').getByRole('radio').first().check();
    const stepOffenders: string[] = [];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 844 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      const extra = await horizontalOverflow(page);
      if (extra > 0)
        stepOffenders.push(`prenota steps @ ${width}: +${extra}px ${await widestElements(page)}`);
    }
    expect(stepOffenders).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'busy-client-prenota-steps-phone');

    // An unchanged phone is a neutral notice, closed by a 44 px 'Chiudi'.
    await page.setViewportSize({ width: 390, height: 844 });
    await openFromNav(page, 'Anagrafica');
    await page.getByLabel('Telefono').fill('3331234567');
    await page.getByRole('button', { name: 'Salva modifiche' }).click();
    await page.locator('[data-sonner-toast][data-type="success"]').first().waitFor();
    await page.getByRole('button', { name: 'Salva modifiche' }).click();
    const notice = page.locator('[data-sonner-toast]', { hasText: 'Nessuna modifica effettuata' });
    expect(await notice.getAttribute('data-type')).toBe('info');
    const close = notice.getByRole('button', { name: 'Chiudi' });
    const box = (await close.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await close.click();
    await notice.waitFor({ state: 'detached' });

    // Without a connection a screen says so in Italian, never 'TypeError: Failed to fetch'.
    await page.route('**/rest/v1/rpc/client_purchases*', (route) => route.abort('internetdisconnected'));
    await page.goto(`${server.url}/client/acquisti`);
    await page.getByText('Connessione assente: riprova', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.locator('main').textContent()).not.toMatch(/TypeError|fetch/i);
    await screenshot(page, 'busy-client-offline-phone');
    await page.unrouteAll();
  });

  it('fits every admin screen; the nav holds them all', async () => {
    await signIn(page, `${server.url}/admin`, adminAccount.email, adminAccount.password, '/admin/merchants');
    const screens: Screen[] = [
      ['/admin/merchants', 'Commercianti', 'Gestione Commercianti'],
      ['/admin/riepilogo', 'Riepilogo', 'Riepilogo Campagne'],
      ['/admin/albero', 'Struttura', 'Struttura'],
    ];
    expect(await overflowingRoutes(page, server.url, screens)).toEqual([]);
    await checkNavigation(page, screens);

    await page.setViewportSize({ width: 390, height: 844 });
    await openFromNav(page, 'Struttura');
    await page.getByRole('combobox', { name: 'Commerciante' }).click();
    await page.getByRole('option', { name: merchantAccount.name }).click();
    const root = page.getByRole('button', { name: /^Tutti i clienti/ });
    await root.waitFor();
    await expectSubtreeInFrame(page, root);
    await openChainOnPhone(page, 'admin');
  });

  it("fits the salon's page, the registration form from a referral link, with its privacy line, and the privacy notice", async () => {
    const firstCode = (
      await server.server.context.db.query<{ code: string }>(
        `select c.code from app.clients c join app.merchants m on m.id = c.merchant_id
          where m.slug = $1 order by c.code limit 1`,
        [slug],
      )
    ).rows[0]!.code;
    const screens: Screen[] = [
      [`/${slug}/register?ref=${firstCode}`, '', 'Registrati'],
      [`/${slug}`, '', 'Registrati'],
      [`/${slug}/privacy`, '', 'Informativa sulla privacy'],
    ];
    expect(await overflowingRoutes(page, server.url, screens)).toEqual([]);
  });
});
