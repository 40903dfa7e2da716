import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  adminAccount,
  appServerOptions,
  closeToasts,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  openFromNav,
  waitForPath,
} from './helpers.ts';

const lucia = { name: 'Lucia Gialli', email: 'lucia@cliente.test', password: 'lucia-password' };

/** GDPR as a customer and the admin click through: consents, the privacy notice, the download, erasure. */
describe('privacy: consents, data download and erasure', () => {
  let server: TestServer;
  let browser: Browser;
  let salon: { slug: string; name: string };
  let beaCode: string;

  const query = async <Row>(sql: string, params: unknown[] = []) =>
    (await server.server.context.db.query<Row>(sql, params)).rows;
  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
  const bothWidths = async (page: Page, name: string) => {
    await page.setViewportSize(phone);
    await screenshot(page, `${name}-phone`);
    await page.setViewportSize(desktop);
    await screenshot(page, `${name}-desktop`);
    await page.setViewportSize(phone);
  };

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    salon = await createMerchant(server, {
      name: 'Salone Aurora',
      email: 'aurora@salone.test',
      password: 'aurora-pass',
    });
    beaCode = await joinMerchant(server, {
      merchantSlug: salon.slug,
      name: 'Bea Neri',
      email: 'bea@cliente.test',
      password: 'bea-password',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the privacy notice with its version', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/${salon.slug}/privacy`);
    await heading(page, 'Informativa sulla privacy');
    await page.getByText('Titolare del trattamento è Salone Aurora', { exact: false }).waitFor();
    const version = (await query<{ v: string }>('select app_private.privacy_notice_version() as v'))[0]!.v;
    await page.getByText(`Versione ${version}`).waitFor();
    await expectAccessible(page);
    await bothWidths(page, 'privacy-notice');
    await page.close();
  });

  it('registers from a referral link only with the privacy consent, and records both choices', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/${salon.slug}/register?ref=${beaCode}`);
    await page.getByRole('status').filter({ hasText: 'Ti ha invitato Bea N.' }).waitFor();
    await page.getByLabel('Nome').fill(lucia.name);
    await page.getByLabel('Email').fill(lucia.email);
    await page.getByLabel('Password').fill(lucia.password);
    await expectAccessible(page);
    await bothWidths(page, 'registration-invited');

    await page.getByRole('button', { name: 'Registrati', exact: true }).click();
    await page.getByText("Per registrarti devi accettare l'informativa sulla privacy").waitFor();
    expect(await query('select 1 from auth.users where email = $1', [lucia.email])).toEqual([]);
    const privacyLink = page.getByRole('link', { name: 'Leggi l’informativa sulla privacy' });
    expect(await privacyLink.getAttribute('href')).toBe(`/${salon.slug}/privacy`);

    await page.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
    await page.getByRole('checkbox', { name: /Voglio ricevere offerte/ }).check();
    await page.getByRole('button', { name: 'Registrati', exact: true }).click();
    await heading(page, 'Registrazione completata');
    await page.getByRole('status').filter({ hasText: 'Il tuo codice cliente è' }).waitFor();
    await bothWidths(page, 'registration-completed');
    const consents = () =>
      query<{ kind: string; granted: boolean }>(
        `select k.kind, k.granted from app.consents k join app.clients c on c.id = k.client_id
          where c.email = $1 order by k.id`,
        [lucia.email],
      );
    await waitForPath(page, '/client/profile');
    // Nothing in her name until she opens the link e-mailed to her address.
    expect(await consents()).toEqual([]);
    const [confirmation] = await query<{ path: string }>(
      `select payload ->> 'confirmation_path' as path from app.notification_outbox
        where kind = 'address_confirmation' and recipient = $1`,
      [lucia.email],
    );
    await page.goto(`${server.url}${confirmation!.path}`);
    await page.getByText('Email verificata!').waitFor();
    expect(await consents()).toEqual([
      { kind: 'privacy', granted: true },
      { kind: 'marketing', granted: true },
    ]);
    await page.close();
  });

  it('changes the marketing consent, downloads her data and erases her account from Anagrafica', async () => {
    const context = await browser.newContext({ viewport: phone, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/${salon.slug}/login`);
    await page.getByLabel('Email').fill(lucia.email);
    await page.getByLabel('Password').fill(lucia.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(page, '/client/profile');
    await heading(page, 'Anagrafica');

    const marketing = page.getByRole('checkbox', { name: /Voglio ricevere offerte/ });
    await expect.poll(() => marketing.isChecked(), { timeout: 10_000 }).toBe(true);
    await page.getByText(/Informativa sulla privacy accettata il \d{2}-\d{2}-\d{4}/).waitFor();
    await marketing.uncheck();
    await toast(page, 'Preferenza salvata');
    const latest = await query<{ granted: boolean }>(
      `select k.granted from app.consents k join app.clients c on c.id = k.client_id
        where c.email = $1 and k.kind = 'marketing' order by k.id desc limit 1`,
      [lucia.email],
    );
    expect(latest).toEqual([{ granted: false }]);
    await closeToasts(page);
    await expectAccessible(page);
    await bothWidths(page, 'anagrafica-privacy');

    // One consumer's button; the format is a choice inside, the spreadsheet first.
    expect(await page.getByRole('button', { name: /JSON|CSV/ }).count()).toBe(0);
    const downloaded = async (format: RegExp) => {
      await page.getByRole('radio', { name: format }).check();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Scarica i miei dati' }).click(),
      ]);
      return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
    };
    const json = await downloaded(/JSON/);
    const code = (
      await query<{ code: string }>('select code from app.clients where email = $1', [lucia.email])
    )[0]!.code;
    expect(json.name).toBe(`dati_${salon.slug}_${code}.json`);
    const data = JSON.parse(json.text) as {
      profile: { name: string; sponsor_code: string };
      consents: unknown[];
    };
    expect(data.profile).toMatchObject({ name: lucia.name, sponsor_code: beaCode });
    expect(data.consents).toHaveLength(3);
    const csv = await downloaded(/foglio di calcolo/);
    expect(csv.name).toBe(`dati_${salon.slug}_${code}.csv`);
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    for (const section of ['Profilo', 'Acquisti', 'Movimenti di credito', 'Prenotazioni', 'Consensi']) {
      expect(lines).toContain(section);
    }
    expect(lines).toContain(`Nome;${lucia.name}`);

    await page.getByRole('button', { name: 'Elimina il mio account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminare il tuo account?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Elimina definitivamente' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Per confermare scrivi ELIMINA').fill('elimina');
    await expectAccessible(page);
    await bothWidths(page, 'anagrafica-erase-dialog');
    await confirm.click();
    await waitForPath(page, `/${salon.slug}/login`);
    await toast(page, 'Il tuo account è stato eliminato.');
    expect(
      await query('select name, email, phone, user_id from app.clients where code = $1', [code]),
    ).toEqual([{ name: 'Cliente rimosso', email: '', phone: null, user_id: null }]);
    expect(await query('select 1 from auth.users where email = $1', [lucia.email])).toEqual([]);
    await context.close();
  });

  it('lets the admin erase a customer on request from the salon’s tree', async () => {
    const carlaCode = await joinMerchant(server, {
      merchantSlug: salon.slug,
      name: 'Carla Blu',
      email: 'carla@cliente.test',
      password: 'carla-password',
      sponsorCode: beaCode,
    });
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Email').fill(adminAccount.email);
    await page.getByLabel('Password').fill(adminAccount.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL('**/admin/merchants');
    await openFromNav(page, 'Struttura');
    await heading(page, 'Struttura');
    await page.getByRole('combobox', { name: 'Commerciante' }).click();
    await page.getByRole('option', { name: salon.name }).click();

    const erasure = page.getByRole('region', { name: 'Cancellazione dati su richiesta' });
    await erasure.getByLabel('Codice cliente').fill('Z99999');
    await erasure.getByText('Nessun cliente con questo codice.').waitFor();
    await erasure.getByLabel('Codice cliente').fill(carlaCode.toLowerCase());
    await erasure.getByText(`Carla Blu, codice ${carlaCode}`).waitFor();
    await erasure.getByRole('button', { name: 'Cancella i dati personali' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancellare i dati di Carla Blu?' });
    await dialog.waitFor();
    await expectAccessible(page);
    await bothWidths(page, 'admin-erase-dialog');
    await dialog.getByRole('button', { name: 'Cancella definitivamente' }).click();
    await toast(page, 'Dati personali della cliente cancellati');
    await erasure.getByText(`Cliente rimosso, codice ${carlaCode}`).waitFor();
    await erasure.getByText('I dati di questo cliente sono già stati cancellati.').waitFor();
    expect(await query('select name, email from app.clients where code = $1', [carlaCode])).toEqual([
      { name: 'Cliente rimosso', email: '' },
    ]);
    await expectAccessible(page);
    await bothWidths(page, 'admin-erasure');
    await page.close();

    // The salon's card of the erased client shows no credit at all.
    const salonPage = await browser.newPage({ viewport: phone });
    await salonPage.goto(`${server.url}/merchant/${salon.slug}`);
    await salonPage.getByLabel('Email').fill('aurora@salone.test');
    await salonPage.getByLabel('Password').fill('aurora-pass');
    await salonPage.getByRole('button', { name: 'Accedi' }).click();
    await waitForPath(salonPage, '/dashboard/registrazioni');
    await openFromNav(salonPage, 'Clienti');
    await heading(salonPage, 'Elenco Clienti');
    await salonPage.getByLabel('Cerca cliente').fill(carlaCode);
    const card = salonPage
      .getByRole('listitem')
      .filter({ has: salonPage.getByRole('heading', { name: 'Cliente rimosso' }) })
      .filter({ hasText: carlaCode });
    await card.waitFor();
    const text = await card.textContent();
    expect(text).toContain('Credito disponibile—');
    expect(text).not.toContain('€');
    await salonPage.close();
  });
});
