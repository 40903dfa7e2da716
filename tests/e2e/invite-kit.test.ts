import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  openFromNav,
  waitForPath,
} from './helpers.ts';

const merchantAccount = { name: 'Centro Invito', email: 'invito@centri.test', password: 'segreta-invito' };

/** A logo three times as wide as it is tall. */
function wideLogo(): Buffer {
  const png = new PNG({ width: 300, height: 100 });
  for (let index = 0; index < png.data.length; index += 4) png.data.set([150, 40, 90, 255], index);
  return PNG.sync.write(png);
}

/** The address a QR code in a PNG holds, and the PNG's size. */
function decodeQr(png: PNG): { width: number; height: number; text: string | undefined } {
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { width: png.width, height: png.height, text: code?.data };
}

/** The pages of a PDF Chromium printed, each with its size in points. */
function pdfPages(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?!s)[\s\S]*?\/MediaBox\s*\[([^\]]*)\]/g) ?? [];
  return pages.map((page) =>
    /\/MediaBox\s*\[([^\]]*)\]/.exec(page)![1]!.trim().split(/\s+/).slice(2).join('x'),
  );
}

describe('Invita clienti: the salon’s link, QR code and poster', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let slug: string;
  let link: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, merchantAccount)).slug;
    const owner = await signedIn(server, merchantAccount);
    const upload = await owner.storage
      .from('loghi')
      .upload(`${slug}.png`, wideLogo(), { contentType: 'image/png', upsert: true });
    expect(upload.error).toBeNull();
    link = `${server.url}/${slug}`;
    context = await browser.newContext({ viewport: phone, locale: 'it-IT', acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    await page.goto(`${server.url}/merchant/${slug}`);
    await page.getByLabel('Email').fill(merchantAccount.email);
    await page.getByLabel('Password').fill(merchantAccount.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(page, '/dashboard/registrazioni');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('leads from the empty client list and from “Altro” to the screen, on a phone and a desktop', async () => {
    await openFromNav(page, 'Clienti');
    await heading(page, 'Elenco Clienti');
    await page.getByText('Nessun cliente registrato.').waitFor();
    await page.getByRole('link', { name: 'Invita i tuoi clienti' }).click();
    await heading(page, 'Invita clienti');
    await waitForPath(page, '/dashboard/invita');

    await openFromNav(page, 'Registrazioni');
    await heading(page, 'Registrazioni');
    await openFromNav(page, 'Invita clienti');
    await heading(page, 'Invita clienti');
    await expect.poll(() => page.getByTestId('join-link').textContent()).toBe(link);

    for (const [name, viewport] of Object.entries({ phone, desktop })) {
      await page.setViewportSize(viewport);
      await closeToasts(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await expectAccessible(page);
      await screenshot(page, `invite-kit-${name}`);
    }
    await page.setViewportSize(phone);
  });

  it('copies the join link and sends it on WhatsApp with a message', async () => {
    await page.getByRole('button', { name: 'Copia link' }).click();
    await page.getByText('Link copiato!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const whatsapp = page.getByRole('link', { name: /Condividi su WhatsApp/ });
    const href = new URL((await whatsapp.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/');
    const text = href.searchParams.get('text')!;
    expect(text).toContain('Centro Invito');
    expect(text.endsWith(link)).toBe(true);
  });

  it('downloads the QR code as an SVG and as a PNG of 1024 px that opens the join link', async () => {
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe(`invito_${slug}.png`);
    expect(decodeQr(PNG.sync.read(readFileSync(await png.path())))).toEqual({
      width: 1024,
      height: 1024,
      text: link,
    });

    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica SVG' }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe(`invito_${slug}.svg`);
    const markup = readFileSync(await svg.path(), 'utf8');
    expect(markup).toMatch(/^<\?xml[^>]*>\s*<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // The SVG file, drawn by the browser as an image, holds the same address.
    const drawn = await page.evaluate(async (source) => {
      const image = new Image(600, 600);
      image.src = `data:image/svg+xml;base64,${btoa(source)}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 600;
      canvas.height = 600;
      canvas.getContext('2d')!.drawImage(image, 0, 0, 600, 600);
      return canvas.toDataURL('image/png');
    }, markup);
    const fromSvg = PNG.sync.read(Buffer.from(drawn.split(',')[1]!, 'base64'));
    expect(decodeQr(fromSvg).text).toBe(link);
  });

  it('prints the poster alone, on one A4 or A5 sheet, its QR code opening the join link', async () => {
    const poster = page.getByTestId('salon-poster');
    await expect.poll(() => poster.getByText('Centro Invito').isVisible()).toBe(true);
    const logo = poster.getByRole('img', { name: 'Logo di Centro Invito' });
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(300);
    expect(
      decodeQr(PNG.sync.read(await poster.getByRole('img', { name: /^Codice QR/ }).screenshot())).text,
    ).toBe(link);

    await page.emulateMedia({ media: 'print' });
    expect(await poster.isVisible()).toBe(true);
    expect(await logo.isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Stampa il poster' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation').first().isVisible()).toBe(false);
    await screenshot(page, 'invite-kit-print');
    // Printing to PDF, as the browser's print dialog does (print media, the page's own sheet size).
    await page.emulateMedia({ media: null });
    // Points: A4 is 595 × 842, A5 420 × 595.
    const a4 = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(
      a4.map((size) =>
        size
          .split('x')
          .map((side) => Math.round(Number(side)))
          .join('x'),
      ),
    ).toEqual(['595x842']);
    await page.getByRole('radio', { name: 'A5' }).check();
    const a5 = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(
      a5.map((size) =>
        size
          .split('x')
          .map((side) => Math.round(Number(side)))
          .join('x'),
      ),
    ).toEqual(['420x595']);
  });
});
