import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
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

const busySalon = { name: 'Salone Segnali', email: 'segnali@centri.test', password: 'segreta-segnali' };
const quietSalon = { name: 'Salone Quieto', email: 'quieto@centri.test', password: 'segreta-quieto' };
const note =
  'Schemi insoliti nel passaparola del salone, calcolati in automatico: sono solo un invito a dare un’occhiata e non bloccano nulla.';

/** Widest content beyond the viewport, in pixels (0 when the page fits). */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the merchant sees the referral signals on Clienti ("Da controllare")', () => {
  let server: TestServer;
  let browser: Browser;
  let busySlug: string;
  let quietSlug: string;
  let marta: string;

  const join = (slug: string, name: string, options: { sponsor?: string; phone?: string } = {}) =>
    joinMerchant(server, {
      merchantSlug: slug,
      name,
      email: `${name.toLowerCase().replaceAll(' ', '.')}.${slug}@clienti.test`,
      password: 'password123',
      phone: options.phone,
      sponsorCode: options.sponsor,
    });

  const signIn = async (account: typeof busySalon, slug: string) => {
    const page = await browser.newPage({ viewport: phone, locale: 'it-IT' });
    await page.goto(`${server.url}/merchant/${slug}`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await waitForPath(page, '/dashboard/registrazioni');
    await openFromNav(page, 'Clienti');
    await heading(page, 'Elenco Clienti');
    return page;
  };

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    busySlug = (await createMerchant(server, busySalon)).slug;
    quietSlug = (await createMerchant(server, quietSalon)).slug;
    // Marta brings five friends within a minute; two clients share one phone number, written two ways.
    marta = await join(busySlug, 'Marta Rossi');
    for (const index of [1, 2, 3, 4, 5]) await join(busySlug, `Amica ${index}`, { sponsor: marta });
    await join(busySlug, 'Vera Uno', { phone: '+39 333 000 1111' });
    await join(busySlug, 'Vera Due', { phone: '333 0001111' });
    await join(quietSlug, 'Lucia Bianchi', { phone: '333 000 1111' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists each signal with its Italian explanation and clients, and marks the flagged cards', async () => {
    const page = await signIn(busySalon, busySlug);
    const section = page.getByRole('region', { name: /Da controllare/ });
    const toggle = section.getByRole('button', { name: /Da controllare/ });
    await toggle.getByText('2 segnalazioni').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    await section.getByText(note).waitFor();
    const burst = section.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'Iscrizioni ravvicinate' }),
    });
    expect(await burst.textContent()).toMatch(
      new RegExp(
        `Marta Rossi \\(${marta}\\) ha portato 5 iscritti in meno di un minuto \\(\\d+ \\w+ \\d{4}, `,
      ),
    );
    expect(await burst.getByRole('list', { name: 'Clienti coinvolti' }).textContent()).toBe(
      `Marta Rossi · ${marta}`,
    );
    const phoneSignal = section.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'Stesso numero di telefono' }),
    });
    await phoneSignal.getByText('2 clienti hanno lo stesso numero di telefono (+393330001111).').waitFor();
    const involved = phoneSignal.getByRole('list', { name: 'Clienti coinvolti' }).getByRole('listitem');
    expect((await involved.allTextContents()).map((text) => text.split(' · ')[0])).toEqual([
      'Vera Uno',
      'Vera Due',
    ]);

    const card = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    // A client named by a signal is one tap away: the list below shows her card.
    await phoneSignal.getByRole('button', { name: /^Vera Due · / }).click();
    const search = page.getByRole('searchbox', { name: 'Cerca cliente' });
    expect(await search.inputValue()).toMatch(/^[A-Z]+\d+$/);
    await page.getByText('1 cliente', { exact: true }).waitFor();
    await card('Vera Due').waitFor();
    await search.fill('');
    await page.getByText('8 clienti', { exact: true }).waitFor();
    for (const flagged of ['Marta Rossi', 'Vera Uno', 'Vera Due'])
      await card(flagged).getByText('Da controllare', { exact: true }).waitFor();
    expect(await card('Amica 1').getByText('Da controllare', { exact: true }).count()).toBe(0);

    for (const width of [320, 390, 480]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await horizontalOverflow(page), `overflow at ${width}px`).toBe(0);
    }
    await page.setViewportSize(phone);
    await expectAccessible(page);
    await screenshot(page, 'merchant-clienti-signals-phone');
    await page.setViewportSize(desktop);
    await expectAccessible(page);
    await screenshot(page, 'merchant-clienti-signals-desktop');
    await page.close();
  });

  it('says "Nessuna segnalazione" in a salon with nothing to look at, even with the same number elsewhere', async () => {
    const page = await signIn(quietSalon, quietSlug);
    const section = page.getByRole('region', { name: 'Da controllare' });
    await section.getByText('Nessuna segnalazione', { exact: true }).waitFor();
    await section.getByText(note).waitFor();
    await page.getByRole('heading', { name: 'Lucia Bianchi' }).waitFor();
    expect(await page.getByText('Da controllare', { exact: true }).count()).toBe(1); // the heading only
    await expectAccessible(page);
    await screenshot(page, 'merchant-clienti-no-signals-phone');
    await page.setViewportSize(desktop);
    await screenshot(page, 'merchant-clienti-no-signals-desktop');
    await page.close();
  });
});
