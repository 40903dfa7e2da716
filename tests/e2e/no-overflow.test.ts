import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { launchBrowser } from '../support/browser.ts';
import type { TestClient, TestServer } from '../support/test-server.ts';
import { adminAccount, appServerOptions, createMerchant, heading, joinMerchant } from './helpers.ts';

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
  await page.locator('.animate-pulse').first().waitFor({ state: 'detached', timeout: 10_000 });
}

/** Opens each route once and measures it at every width; returns the offenders as 'path @ width: px'. */
async function overflowingRoutes(page: Page, baseUrl: string, routes: [string, string | RegExp][]) {
  const offenders: string[] = [];
  for (const [path, title] of routes) {
    await page.setViewportSize({ width: widths[2]!, height: 844 });
    await page.goto(`${baseUrl}${path}`);
    await settle(page, title);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 844 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      const extra = await horizontalOverflow(page);
      if (extra > 0) offenders.push(`${path} @ ${width}: +${extra}px ${await widestElements(page)}`);
    }
  }
  return offenders;
}

async function signIn(page: Page, url: string, email: string, password: string, landing: string) {
  await page.context().clearCookies();
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
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
    merchant = server.client();
    expect((await merchant.auth.signInWithPassword(merchantAccount)).error).toBeNull();
    for (const [index, code] of codes.entries()) {
      const { error } = await merchant.rpc('register_purchase', {
        client_code: code,
        spend: (123456 + index * 101_100) / 100,
        discount: 0,
      });
      expect(error).toBeNull();
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
    const customer = server.client();
    expect(
      (await customer.auth.signInWithPassword({ email: customerEmail(1), password: 'password123' })).error,
    ).toBeNull();
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

  it('fits every merchant screen, a 13-digit preview in Registrazioni included', async () => {
    await signIn(
      page,
      `${server.url}/merchant/${slug}`,
      merchantAccount.email,
      merchantAccount.password,
      '/dashboard/registrazioni',
    );
    const offenders = await overflowingRoutes(page, server.url, [
      ['/dashboard/registrazioni', 'Registrazioni'],
      ['/dashboard/movimenti', 'Storico Movimenti'],
      ['/dashboard/clienti', 'Elenco Clienti'],
      ['/dashboard/prenotazioni', 'Prenotazioni'],
      ['/dashboard/agenda', 'Agenda'],
      ['/dashboard/percentuali', 'Percentuali'],
      ['/dashboard/statistiche', 'Statistiche'],
      ['/dashboard/struttura', 'Struttura'],
      ['/dashboard/impostazioni', 'Impostazioni'],
    ]);
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
  });

  it('fits every customer screen', async () => {
    await signIn(page, `${server.url}/${slug}/login`, customerEmail(1), 'password123', '/client/profile');
    const offenders = await overflowingRoutes(page, server.url, [
      ['/client/profile', 'Anagrafica'],
      ['/client/acquisti', 'Acquisti'],
      ['/client/presenta', 'Presenta un amico'],
      ['/client/crediti', 'Crediti'],
      ['/client/struttura', 'Struttura'],
      ['/client/prenota', 'Prenota'],
    ]);
    expect(offenders).toEqual([]);
  });

  it('fits every admin screen', async () => {
    await signIn(page, `${server.url}/admin`, adminAccount.email, adminAccount.password, '/admin/merchants');
    const offenders = await overflowingRoutes(page, server.url, [
      ['/admin/merchants', 'Gestione Commercianti'],
      ['/admin/riepilogo', 'Riepilogo Campagne'],
      ['/admin/albero', 'Struttura'],
    ]);
    expect(offenders).toEqual([]);
  });
});
