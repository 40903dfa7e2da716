import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { confirmAddressOf } from '../support/fixtures.ts';
import { linkIn } from '../support/mailbox.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  waitForMail,
  waitForPath,
} from './helpers.ts';

const maria = { name: 'Maria Rossi', email: 'maria@cliente.test', password: 'maria-password' };

/** One person, several salons: the same account registers at a second salon and switches between them. */
describe('a customer of several salons, as she clicks through', () => {
  let server: TestServer;
  let browser: Browser;
  let aurora: { slug: string; name: string };
  let brezza: { slug: string; name: string };
  let ciliegia: { slug: string; name: string };
  let beaCode: string;

  const query = async <Row>(sql: string, params: unknown[]) =>
    (await server.server.context.db.query<Row>(sql, params)).rows;
  const codeAt = async (slug: string) =>
    (
      await query<{ code: string; sponsor: string | null }>(
        `select c.code, s.code as sponsor from app.clients c join app.merchants m on m.id = c.merchant_id
           join auth.users u on u.id = c.user_id left join app.clients s on s.id = c.sponsor_id
          where m.slug = $1 and u.email = $2`,
        [slug, maria.email],
      )
    )[0];

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    aurora = await createMerchant(server, {
      name: 'Salone Aurora',
      email: 'aurora@salone.test',
      password: 'aurora-pass',
    });
    brezza = await createMerchant(server, {
      name: 'Centro Brezza',
      email: 'brezza@salone.test',
      password: 'brezza-pass',
    });
    ciliegia = await createMerchant(server, {
      name: 'Studio Ciliegia',
      email: 'ciliegia@salone.test',
      password: 'ciliegia-pass',
    });
    beaCode = await joinMerchant(server, {
      merchantSlug: brezza.slug,
      name: 'Bea Neri',
      email: 'bea@cliente.test',
      password: 'bea-password',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const salonHeader = (page: Page) => page.getByRole('region', { name: 'Il tuo salone' });

  async function register(page: Page, slug: string, ref?: string) {
    await page.goto(`${server.url}/${slug}/register${ref ? `?ref=${ref}` : ''}`);
    await page.getByLabel('Nome').fill(maria.name);
    await page.getByLabel('Email').fill(maria.email);
    await page.getByLabel('Password').fill(maria.password);
    await page.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
    await page.getByRole('button', { name: 'Registrati', exact: true }).click();
  }

  it('registers at A, then at B with the same e-mail and password, and switches back to A', async () => {
    const page = await browser.newPage({ viewport: phone });
    await register(page, aurora.slug);
    await page.getByRole('status').filter({ hasText: 'Registrazione completata!' }).waitFor();
    await waitForPath(page, '/client/profile');
    await expect(salonHeader(page).textContent()).resolves.toContain('Salone Aurora');
    const codeA = (await codeAt(aurora.slug))!.code;
    // She opens the link e-mailed to her address: the account is hers (an unconfirmed one would give way).
    await confirmAddressOf(server, maria.email);

    // Signed out (her session gone from this browser), B's registration with the same e-mail: the
    // account's password joins B.
    await page.evaluate(() => localStorage.clear());
    await register(page, brezza.slug, beaCode);
    await page.getByText('Hai già un account').waitFor();
    await page.getByText(`L'email ${maria.email} è già registrata.`, { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'several-salons-existing-account-phone');
    await page.getByLabel('Password del tuo account').fill('sbagliata');
    await page.getByRole('button', { name: 'Accedi e unisciti' }).click();
    await page.getByText(/^Errore registrazione: email o password non corretti/).waitFor();
    expect(await codeAt(brezza.slug)).toBeUndefined();
    await page.getByLabel('Password del tuo account').fill(maria.password);
    await page.getByRole('button', { name: 'Accedi e unisciti' }).click();
    const success = page.getByRole('status').filter({ hasText: 'Registrazione completata!' });
    await success.waitFor();
    const atB = (await codeAt(brezza.slug))!;
    expect(atB).toEqual({ code: expect.stringMatching(/^[A-Z]+\d{5}$/), sponsor: beaCode });
    expect(atB.code).not.toBe(codeA);
    await expect(success.textContent()).resolves.toContain(`Il tuo codice cliente è ${atB.code}.`);
    expect(
      (
        await query<{ n: number }>('select count(*)::int as n from auth.users where email = $1', [
          maria.email,
        ])
      )[0]!.n,
    ).toBe(1);

    await waitForPath(page, '/client/profile');
    await heading(page, 'Anagrafica');
    await expect(salonHeader(page).textContent()).resolves.toContain('Centro Brezza');
    await expect(page.getByLabel('Codice cliente').inputValue()).resolves.toBe(atB.code);
    await expectAccessible(page);
    await screenshot(page, 'several-salons-brezza-phone');
    await page.setViewportSize(desktop);
    await screenshot(page, 'several-salons-brezza-desktop');

    // The switcher lists her salons; choosing A shows A's code, and the choice survives a reload.
    await page.getByRole('combobox', { name: 'Cambia salone' }).selectOption({ label: 'Salone Aurora' });
    await expect.poll(() => page.getByLabel('Codice cliente').inputValue(), { timeout: 10_000 }).toBe(codeA);
    await expect(salonHeader(page).textContent()).resolves.toContain('Salone Aurora');
    await screenshot(page, 'several-salons-aurora-desktop');
    await page.reload();
    await expect.poll(() => page.getByLabel('Codice cliente').inputValue(), { timeout: 10_000 }).toBe(codeA);
    await page.setViewportSize(phone);
    await page.getByRole('link', { name: 'Crediti' }).click();
    await heading(page, 'Crediti');
    await expect(salonHeader(page).textContent()).resolves.toContain('Salone Aurora');
    await screenshot(page, 'several-salons-aurora-phone');
    await page.close();
  });

  it("offers a customer of other salons to join at C's login, and joins her there", async () => {
    const page = await browser.newPage({ viewport: desktop });
    await page.goto(`${server.url}/${ciliegia.slug}/login`);
    await page.getByLabel('Email').fill(maria.email);
    await page.getByLabel('Password').fill(maria.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await page.getByText('Non sei ancora cliente di Studio Ciliegia: vuoi unirti?').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'several-salons-join-offer-desktop');
    await page.getByRole('button', { name: 'Unisciti a Studio Ciliegia' }).click();
    await waitForPath(page, '/client/profile');
    const atC = (await codeAt(ciliegia.slug))!;
    await expect
      .poll(() => page.getByLabel('Codice cliente').inputValue(), { timeout: 10_000 })
      .toBe(atC.code);
    await expect(salonHeader(page).textContent()).resolves.toContain('Studio Ciliegia');
    const switcher = page.getByRole('combobox', { name: 'Cambia salone' });
    await expect(switcher.getByRole('option').allTextContents()).resolves.toEqual([
      'Salone Aurora',
      'Centro Brezza',
      'Studio Ciliegia',
    ]);
    await expect(switcher.inputValue()).resolves.toBe(ciliegia.slug);
    await page.close();
  });

  it('signs out a customer who declines the offer, and offers it again after the e-mailed link', async () => {
    const page = await browser.newPage({ viewport: phone });
    const other = await createMerchant(server, {
      name: 'Spazio Dalia',
      email: 'dalia@salone.test',
      password: 'dalia-pass',
    });
    await page.goto(`${server.url}/${other.slug}/login`);
    await page.getByLabel('Email').fill(maria.email);
    await page.getByLabel('Password').fill(maria.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await page.getByRole('button', { name: 'Annulla' }).click();
    await page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();
    await page.goto(`${server.url}/client/profile`);
    await waitForPath(page, '/');
    expect(await codeAt(other.slug)).toBeUndefined();

    // Signed in by the e-mailed link at that salon: its login offers to join, no password asked.
    await page.goto(`${server.url}/${other.slug}/login`);
    await page.getByLabel('Email').fill(maria.email);
    await page.getByRole('button', { name: 'Inviami il link di accesso' }).click();
    const mail = await waitForMail(server, maria.email, 'accedere');
    await page.goto(linkIn(mail, '/auth/v1/verify').href);
    await waitForPath(page, `/${other.slug}/login`);
    await page.getByText('Non sei ancora cliente di Spazio Dalia: vuoi unirti?').waitFor();
    await page.getByRole('button', { name: 'Unisciti a Spazio Dalia' }).click();
    await waitForPath(page, '/client/profile');
    await expect(salonHeader(page).textContent()).resolves.toContain('Spazio Dalia');
    expect(await codeAt(other.slug)).toBeDefined();
    await page.close();
  });
});
