import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { launchBrowser, phone } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';
import { appServerOptions, createMerchant, heading, openFromNav, waitForPath } from './helpers.ts';

const merchantAccount = { name: 'Centro Luna', email: 'luna@centri.test', password: 'segreta-luna' };

/** Whether an EXIF block (as sharp's metadata gives it) has a GPS sub-directory (tag 0x8825) in IFD0. */
function hasGpsDirectory(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0;
  const little = exif.toString('latin1', tiff, tiff + 2) === 'II';
  const u16 = (at: number) => (little ? exif.readUInt16LE(at) : exif.readUInt16BE(at));
  const u32 = (at: number) => (little ? exif.readUInt32LE(at) : exif.readUInt32BE(at));
  const ifd0 = tiff + u32(tiff + 4);
  return Array.from({ length: u16(ifd0) }, (_, index) => u16(ifd0 + 2 + index * 12)).includes(0x8825);
}

/** A 1600×1200 phone photo taken sideways (EXIF orientation 6) in Milan, with its GPS position. */
function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 80, b: 120 } } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '45/1 27/1 50/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '9/1 11/1 24/1',
        },
      },
    })
    .toBuffer();
}

/**
 * Keeps, in the page, a copy of each file the app sends to Storage: Chromium does not hand
 * multipart bodies with files to the DevTools protocol, so the upload's fetch is watched instead.
 */
async function recordUploads(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const uploads: number[][] = [];
    Object.assign(window, { uploads });
    const send = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/storage/v1/object/') && init?.body instanceof FormData)
        for (const value of init.body.values())
          if (value instanceof Blob) uploads.push([...new Uint8Array(await value.arrayBuffer())]);
      return send(input, init);
    };
  });
}

/** The files the page has sent to Storage so far. */
async function recordedUploads(page: Page): Promise<Buffer[]> {
  const uploads = await page.evaluate(() => (window as unknown as { uploads: number[][] }).uploads);
  return uploads.map((bytes) => Buffer.from(bytes));
}

describe('operator photos are resized and stripped of EXIF/GPS in the browser before upload', () => {
  let server: TestServer;
  let browser: Browser;
  let salon: Page;
  let slug: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, merchantAccount)).slug;
    salon = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await recordUploads(salon);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends and stores an upright photo within 512 px with no EXIF, from a 1600 px JPEG with GPS', async () => {
    const original = await photoWithGps();
    const before = await sharp(original).metadata();
    expect([before.width, before.height, before.orientation]).toEqual([1600, 1200, 6]);
    expect(hasGpsDirectory(before.exif)).toBe(true);

    await salon.goto(`${server.url}/merchant/${slug}`);
    await salon.getByLabel('Email').fill(merchantAccount.email);
    await salon.getByLabel('Password').fill(merchantAccount.password);
    await salon.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(salon, '/dashboard/registrazioni');
    await openFromNav(salon, 'Impostazioni');
    await heading(salon, 'Impostazioni');
    await salon.getByRole('tab', { name: 'Operatori' }).click();

    const form = salon.getByRole('form', { name: 'Nuovo operatore' });
    await form.getByLabel('Nome').fill('Marta');
    await form
      .getByLabel('Foto')
      .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: original });
    const upload = salon.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/storage/v1/object/operatori/'),
    );
    await form.getByRole('button', { name: 'Aggiungi operatore' }).click();
    const request = await upload;
    await salon.getByRole('img', { name: 'Foto di Marta' }).waitFor();

    // What left the device: the browser's own re-encoding, already small and without metadata.
    const uploads = await recordedUploads(salon);
    expect(uploads).toHaveLength(1);
    const sent = await sharp(uploads[0]).metadata();
    expect(['webp', 'jpeg']).toContain(sent.format);
    expect([sent.width, sent.height]).toEqual([384, 512]);
    expect(sent.exif).toBeUndefined();
    expect(sent.orientation).toBeUndefined();

    // What the salon's customers download.
    const path = new URL(request.url()).pathname.replace('/storage/v1/object/operatori/', '');
    expect(path).toMatch(/\.(webp|jpg)$/);
    const stored = await fetch(`${server.url}/storage/v1/object/public/operatori/${path}`);
    expect(stored.status).toBe(200);
    const storedMetadata = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(Math.max(storedMetadata.width ?? 0, storedMetadata.height ?? 0)).toBeLessThanOrEqual(512);
    expect(storedMetadata.exif).toBeUndefined();
    expect(hasGpsDirectory(storedMetadata.exif)).toBe(false);
  });
});
