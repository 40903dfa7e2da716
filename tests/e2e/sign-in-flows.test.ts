import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { linkIn } from '../support/mailbox.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  adminAccount,
  appServerOptions,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  signOutFromNav,
  waitForMail,
  waitForPath,
} from './helpers.ts';

const merchantAccount = { name: 'Bellezza Aurora', email: 'aurora@salone.test', password: 'aurora-password' };
const sponsor = { name: 'Giulia Rossi', email: 'giulia@cliente.test', password: 'giulia-password' };
// The auth service sends one e-mail a minute per address: the sign-in link goes to another customer.
const linkCustomer = { name: 'Sara Verdi', email: 'sara@cliente.test', password: 'sara-password' };

describe('signing in, registering and recovering, as a new user clicks through', () => {
  let server: TestServer;
  let browser: Browser;
  let slug: string;
  let sponsorCode: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    ({ slug } = await createMerchant(server, merchantAccount));
    sponsorCode = await joinMerchant(server, { merchantSlug: slug, ...sponsor });
    await joinMerchant(server, { merchantSlug: slug, ...linkCustomer });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(page: Page, path: string, account: { email: string; password: string }) {
    await page.goto(server.url + path);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  }

  async function signOutWithEsci(page: Page) {
    await signOutFromNav(page);
    await waitForPath(page, '/');
    await heading(page, 'Passaparola');
  }

  it('takes the administrator from /admin to /admin/merchants, keeps it out of other areas, and signs out', async () => {
    const page = await browser.newPage({ viewport: phone });
    await signIn(page, '/admin', adminAccount);
    await waitForPath(page, '/admin/merchants');
    await heading(page, 'Gestione Commercianti');
    await expectAccessible(page);
    await screenshot(page, 'admin-area-phone');
    await page.setViewportSize(desktop);
    await screenshot(page, 'admin-area-desktop');

    await page.goto(`${server.url}/dashboard/agenda`);
    await waitForPath(page, '/admin/merchants');
    await page.goto(`${server.url}/client/profile`);
    await waitForPath(page, '/admin/merchants');

    await signOutWithEsci(page);
    await page.goto(`${server.url}/admin/merchants`);
    await waitForPath(page, '/admin');
    await page.close();
  });

  it("takes a merchant from its salon's login to /dashboard/registrazioni and keeps it out of /admin", async () => {
    const page = await browser.newPage({ viewport: phone });
    await signIn(page, `/merchant/${slug}`, merchantAccount);
    await waitForPath(page, '/dashboard/registrazioni');
    await heading(page, 'Registrazioni');
    await expectAccessible(page);
    await screenshot(page, 'dashboard-area-phone');
    await page.setViewportSize(desktop);
    await screenshot(page, 'dashboard-area-desktop');

    await page.goto(`${server.url}/admin/riepilogo`);
    await waitForPath(page, '/dashboard/registrazioni');
    await page.goto(`${server.url}/client/crediti`);
    await waitForPath(page, '/dashboard/registrazioni');
    await page.getByRole('link', { name: 'Agenda' }).click();
    await heading(page, 'Agenda');
    await page.getByText('Nessun appuntamento confermato in questi giorni.').waitFor();

    // Already signed in: the login pages lead straight back to the area.
    await page.goto(`${server.url}/merchant/${slug}`);
    await waitForPath(page, '/dashboard/registrazioni');
    await page.goto(`${server.url}/admin`);
    await waitForPath(page, '/dashboard/registrazioni');

    await signOutWithEsci(page);
    await page.close();
  });

  it('refuses a customer at the merchant login, signs it out, and reports a wrong password', async () => {
    const page = await browser.newPage({ viewport: phone });
    await signIn(page, `/merchant/${slug}`, sponsor);
    await page.getByText('Accesso negato: questo account non è un commerciante').waitFor();
    await page.goto(`${server.url}/client/profile`);
    await waitForPath(page, '/');

    await signIn(page, `/merchant/${slug}`, { email: merchantAccount.email, password: 'sbagliata' });
    await page.getByText(/^Errore login: /).waitFor();
    await expect(page.url()).toBe(`${server.url}/merchant/${slug}`);
    await page.close();
  });

  it('registers a friend from the referral link, shows the code and opens the client area after 4 s', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/${slug}/register?ref=${sponsorCode}`);
    await page.getByLabel('Nome').fill('Marta Bianchi');
    await page.getByLabel('Email').fill('marta@cliente.test');
    await page.getByLabel('Password').fill('marta-password');
    await page.getByRole('textbox', { name: 'Telefono' }).fill('333 765 4321');
    await expect(page.getByLabel('Codice amico').inputValue()).resolves.toBe(sponsorCode);
    await page.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
    await page.getByRole('button', { name: 'Registrati', exact: true }).click();

    const success = page.getByRole('status').filter({ hasText: 'Registrazione completata!' });
    await success.waitFor();
    await expect(success.textContent()).resolves.toMatch(
      /Registrazione completata! Il tuo codice cliente è A\d{5}\./,
    );
    await screenshot(page, 'registration-success-phone');

    await waitForPath(page, '/client/profile');
    await heading(page, 'Anagrafica');
    await expectAccessible(page);
    await screenshot(page, 'client-area-phone');
    await page.setViewportSize(desktop);
    await screenshot(page, 'client-area-desktop');

    await page.goto(`${server.url}/dashboard/registrazioni`);
    await waitForPath(page, '/client/profile');
    await page.getByRole('link', { name: 'Acquisti' }).click();
    await page.getByText('Nessun acquisto effettuato.').waitFor();
    await signOutWithEsci(page);
    await page.close();
  });

  it('explains a failed registration', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/${slug}`);
    await page.getByLabel('Nome').fill('Giulia di nuovo');
    await page.getByLabel('Email').fill('giulia.nuova@cliente.test');
    await page.getByLabel('Password').fill('altra-password');
    await page.getByLabel('Codice amico').fill('Z99999');
    await page.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
    await page.getByRole('button', { name: 'Registrati', exact: true }).click();
    await page.getByText('Errore registrazione: Codice presentatore non valido').waitFor();
    await page.close();
  });

  it('asks a customer registering again at her own salon for her password, and lets her in', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/${slug}`);
    await page.getByLabel('Nome').fill('Giulia di nuovo');
    await page.getByLabel('Email').fill(linkCustomer.email);
    await page.getByLabel('Password').fill('altra-password');
    await page.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
    await page.getByRole('button', { name: 'Registrati', exact: true }).click();
    await page.getByLabel('Password del tuo account').fill(linkCustomer.password);
    await page.getByRole('button', { name: 'Accedi e unisciti' }).click();
    await waitForPath(page, '/client/profile');
    await heading(page, 'Anagrafica');
    await signOutWithEsci(page);
    await page.close();
  });

  it("signs a customer in at the salon's login, and refuses a merchant there", async () => {
    const page = await browser.newPage({ viewport: phone });
    await signIn(page, `/${slug}/login`, sponsor);
    await waitForPath(page, '/client/profile');
    await heading(page, 'Anagrafica');
    // Signed in already: the salon's login leads back to the area, the staff login still shows its form.
    await page.goto(`${server.url}/${slug}/login`);
    await waitForPath(page, '/client/profile');
    await page.goto(`${server.url}/merchant/${slug}`);
    await page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();
    await page.goto(`${server.url}/client/profile`);
    await heading(page, 'Anagrafica');
    await signOutWithEsci(page);

    await signIn(page, `/${slug}/login`, merchantAccount);
    await page.getByText('Accesso negato: questo account non è un cliente.').waitFor();
    await page.goto(`${server.url}/dashboard/registrazioni`);
    await waitForPath(page, '/');
    await page.close();
  });

  it('signs a customer in with the link e-mailed from the login page', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/${slug}/login`);
    await page.getByLabel('Email').fill(linkCustomer.email);
    await page.getByRole('button', { name: 'Inviami il link di accesso' }).click();
    await page.getByText('Ti abbiamo inviato un link di accesso: controlla la tua email.').waitFor();

    const mail = await waitForMail(server, linkCustomer.email, 'accedere');
    await page.goto(linkIn(mail, '/auth/v1/verify').href);
    await waitForPath(page, '/client/profile');
    await heading(page, 'Anagrafica');
    await signOutWithEsci(page);
    await page.close();
  });

  it('recovers a customer password through the e-mailed link and signs in with the new one', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/${slug}/login`);
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await heading(page, 'Recupera password');
    await page.getByLabel('Email').fill(sponsor.email);
    await page.getByRole('button', { name: 'Invia istruzioni' }).click();
    await waitForPath(page, `/${slug}/login`);

    const mail = await waitForMail(server, sponsor.email, 'password');
    const link = linkIn(mail, '/__/auth/action');
    expect(link.pathname).toBe(`/${slug}/__/auth/action`);
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    await page.goto(link.href);
    await heading(page, 'Nuova password');
    await expect(page.getByLabel('Account').inputValue()).resolves.toBe(sponsor.email);
    await expectAccessible(page);
    await screenshot(page, 'action-reset-password-phone');
    await page.getByLabel('Nuova password').fill('giulia-nuova');
    await page.getByRole('button', { name: 'Salva password' }).click();
    await page.getByText('Password aggiornata, effettua il login.').waitFor();
    await waitForPath(page, `/${slug}/login`);

    await signIn(page, `/${slug}/login`, { email: sponsor.email, password: 'giulia-nuova' });
    await waitForPath(page, '/client/profile');
    await signOutWithEsci(page);

    // The link works once.
    await page.goto(link.href);
    await page.getByText('Link non valido o scaduto.').waitFor();
    await page.close();
  });

  it("recovers a merchant password through the merchant's own action route", async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/merchant/${slug}`);
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await waitForPath(page, `/merchant/${slug}/reset-password`);
    await page.getByLabel('Email').fill(merchantAccount.email);
    await page.getByRole('button', { name: 'Invia istruzioni' }).click();
    await waitForPath(page, `/merchant/${slug}`);

    const link = linkIn(await waitForMail(server, merchantAccount.email, 'password'), '/__/auth/action');
    expect(link.pathname).toBe(`/merchant/${slug}/__/auth/action`);
    await page.goto(link.href);
    await expect(page.getByLabel('Account').inputValue()).resolves.toBe(merchantAccount.email);
    await page.getByLabel('Nuova password').fill('aurora-nuova');
    await page.getByRole('button', { name: 'Salva password' }).click();
    await waitForPath(page, `/merchant/${slug}`);
    await signIn(page, `/merchant/${slug}`, { email: merchantAccount.email, password: 'aurora-nuova' });
    await waitForPath(page, '/dashboard/registrazioni');
    await page.close();
  });
});
