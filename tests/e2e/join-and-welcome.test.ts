import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { signedIn } from '../support/fixtures.ts';
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

const giulia = { name: 'Giulia Verdi', email: 'giulia@cliente.test', password: 'giulia-password' };
const brezzaAccount = { name: 'Salone Brezza', email: 'brezza@centri.test', password: 'brezza-segreta' };

/** A logo four times as wide as it is tall. */
function wideLogo(): Buffer {
  const png = new PNG({ width: 400, height: 100 });
  for (let index = 0; index < png.data.length; index += 4) png.data.set([40, 90, 160, 255], index);
  return PNG.sync.write(png);
}

async function checkBothWidths(page: Page, name: string): Promise<void> {
  await closeToasts(page);
  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await expectAccessible(page);
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(phone);
}

describe('a customer’s welcome, and one tap to join another salon', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let alba: { slug: string; name: string };
  let brezza: { slug: string; name: string };
  let ciliegia: { slug: string; name: string };
  let codeAtAlba: string;

  const clientAt = async (slug: string) =>
    (
      await server.server.context.db.query<{ code: string; privacy: boolean; marketing: boolean }>(
        `select c.code,
                coalesce(bool_or(k.granted) filter (where k.kind = 'privacy'), false) as privacy,
                coalesce(bool_or(k.granted) filter (where k.kind = 'marketing'), false) as marketing
           from app.clients c join app.merchants m on m.id = c.merchant_id join auth.users u on u.id = c.user_id
           left join app.consents k on k.client_id = c.id
          where m.slug = $1 and u.email = $2
          group by c.code`,
        [slug, giulia.email],
      )
    ).rows[0];
  const welcome = () => page.getByRole('region', { name: /^Benvenuta da / });

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    alba = await createMerchant(server, {
      name: 'Salone Alba',
      email: 'alba@centri.test',
      password: 'alba-segreta',
    });
    brezza = await createMerchant(server, brezzaAccount);
    ciliegia = await createMerchant(server, {
      name: 'Studio Ciliegia',
      email: 'ciliegia@centri.test',
      password: 'ciliegia-segreta',
    });
    const owner = await signedIn(server, brezzaAccount);
    const upload = await owner.storage
      .from('loghi')
      .upload(`${brezza.slug}.png`, wideLogo(), { contentType: 'image/png', upsert: true });
    expect(upload.error).toBeNull();
    codeAtAlba = await joinMerchant(server, { merchantSlug: alba.slug, ...giulia });
    page = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('welcomes her once in Anagrafica: code, credit, the three generations, Prenota and Presenta un amico', async () => {
    await signInThroughForm(page, `${server.url}/${alba.slug}/login`, giulia);
    await waitForPath(page, '/client/profile');
    await heading(page, 'Anagrafica');
    const card = welcome();
    await card.waitFor();
    await expect(card.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(
      'Benvenuta da Salone Alba!',
    );
    await expect(card.getByText(codeAtAlba, { exact: true }).isVisible()).resolves.toBe(true);
    await card.getByText('€ 0,00').waitFor();
    await expect(card.getByRole('listitem').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^1ª generazione/),
      expect.stringMatching(/^2ª generazione/),
      expect.stringMatching(/^3ª generazione/),
    ]);
    await expect(card.getByRole('link', { name: 'Prenota' }).getAttribute('href')).resolves.toBe(
      '/client/prenota',
    );
    await expect(card.getByRole('link', { name: 'Presenta un amico' }).getAttribute('href')).resolves.toBe(
      '/client/presenta',
    );
    await checkBothWidths(page, 'welcome-card');

    await card.getByRole('button', { name: 'Ho capito' }).click();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await heading(page, 'Anagrafica');
    await page.getByLabel('Codice cliente').waitFor();
    expect(await welcome().count()).toBe(0);
  });

  it('joins Salone Brezza from its page in one tap, consents asked, no password typed', async () => {
    await page.goto(`${server.url}/${brezza.slug}`);
    await page.getByText('Hai già un account: unisciti a Salone Brezza').waitFor();
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(await page.getByLabel('Email').count()).toBe(0);
    await checkBothWidths(page, 'join-one-tap');

    await page.getByRole('button', { name: 'Unisciti a Salone Brezza' }).click();
    await page.getByText("Per registrarti devi accettare l'informativa sulla privacy").waitFor();
    expect(await clientAt(brezza.slug)).toBeUndefined();
    await page.getByRole('checkbox', { name: /Ho letto l'informativa/ }).check();
    await page.getByRole('button', { name: 'Unisciti a Salone Brezza' }).click();

    await waitForPath(page, '/client/profile');
    await page
      .locator('[data-sonner-toast][data-type="success"]')
      .filter({ hasText: 'Ora sei cliente di Salone Brezza!' })
      .waitFor();
    const atBrezza = (await clientAt(brezza.slug))!;
    expect(atBrezza).toEqual({
      code: expect.stringMatching(/^[A-Z]+\d{5}$/),
      privacy: true,
      marketing: false,
    });
    expect(atBrezza.code).not.toBe(codeAtAlba);
    await expect
      .poll(() => page.getByLabel('Codice cliente').inputValue(), { timeout: 10_000 })
      .toBe(atBrezza.code);
    // A new salon, a new welcome.
    await expect(welcome().getByRole('heading', { level: 2 }).textContent()).resolves.toBe(
      'Benvenuta da Salone Brezza!',
    );

    // 'Il tuo salone' shows the wide logo whole (contained, not cropped) and wide enough to read.
    const logo = page
      .getByRole('region', { name: 'Il tuo salone' })
      .getByRole('img', { name: 'Logo di Salone Brezza' });
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(400);
    const drawn = await logo.evaluate((image: HTMLImageElement) => {
      const scale = Math.min(
        image.clientWidth / image.naturalWidth,
        image.clientHeight / image.naturalHeight,
      );
      return { fit: getComputedStyle(image).objectFit, width: image.naturalWidth * scale };
    });
    expect(drawn.fit).toBe('contain');
    expect(drawn.width).toBeGreaterThanOrEqual(140);
    await checkBothWidths(page, 'joined-brezza-profile');
  });

  it('lets her register another account instead, from /register', async () => {
    await page.goto(`${server.url}/${ciliegia.slug}/register`);
    await page.getByRole('button', { name: 'Registrati con un altro account' }).click();
    await page.getByLabel('Password').waitFor();
    await page.getByLabel('Email').waitFor();
    expect(await clientAt(ciliegia.slug)).toBeUndefined();
  });
});
