import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { launchBrowser, phone } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  createMerchant,
  heading,
  joinMerchant,
  signOutFromNav,
  waitForPath,
} from './helpers.ts';

const mainSite = 'https://www.passaparola.test/';

/** The app under a real host name (not localhost), with the product's public site configured. */
describe('the main product site, off localhost', () => {
  let server: TestServer;
  let browser: Browser;
  let appUrl: string;
  let slug: string;

  beforeAll(async () => {
    server = await startAppServer({ config: { ...appServerOptions.config, mainSiteUrl: mainSite } });
    browser = await launchBrowser(['--host-resolver-rules=MAP app.passaparola.test 127.0.0.1']);
    const url = new URL(server.url);
    url.hostname = 'app.passaparola.test';
    appUrl = url.origin;
    ({ slug } = await createMerchant(server, {
      name: 'Bellezza Aurora',
      email: 'aurora@salone.test',
      password: 'aurora-password',
    }));
    await joinMerchant(server, {
      merchantSlug: slug,
      name: 'Giulia Rossi',
      email: 'giulia@cliente.test',
      password: 'giulia-password',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function newPage() {
    const page = await browser.newPage({ viewport: phone });
    await page.route(`${mainSite}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<html lang="it"><h1>Sito Passaparola</h1></html>' }),
    );
    return page;
  }

  it('sends an unknown path to the main site, but keeps / and the known routes', async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/questa/pagina/non/esiste`);
    await page.waitForURL(mainSite);
    await page.goto(`${appUrl}/`);
    await heading(page, 'Passaparola');
    await page.goto(`${appUrl}/${slug}/login`);
    await heading(page, 'Accedi');
    await page.close();
  });

  it("signs out with 'Esci' and lands on the main site", async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/${slug}/login`);
    await page.getByLabel('Email').fill('giulia@cliente.test');
    await page.getByLabel('Password').fill('giulia-password');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(page, '/client/profile');
    await signOutFromNav(page);
    await page.waitForURL(mainSite);
    await expect(page.getByRole('heading', { name: 'Sito Passaparola' }).count()).resolves.toBe(1);

    await page.goto(`${appUrl}/client/profile`);
    await waitForPath(page, `/${slug}/login`);
    await page.close();
  });
});
