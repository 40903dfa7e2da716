import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { launchBrowser, phone, screenshot } from '../support/browser.ts';
import { linkIn } from '../support/mailbox.ts';
import type { TestServer } from '../support/test-server.ts';
import { appServerOptions, createMerchant, expectAccessible, heading, waitForMail } from './helpers.ts';

describe('the e-mail verification link (sign-up confirmations switched on)', () => {
  let server: TestServer;
  let browser: Browser;
  let slug: string;

  beforeAll(async () => {
    server = await startAppServer({
      config: { ...appServerOptions.config, auth: { enableConfirmations: true } },
    });
    browser = await launchBrowser();
    ({ slug } = await createMerchant(server, {
      name: 'Bellezza Aurora',
      email: 'aurora@salone.test',
      password: 'aurora-password',
    }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("verifies the address on the salon's action route, once", async () => {
    const email = 'nuova@cliente.test';
    const { error } = await server.client().auth.signUp({
      email,
      password: 'nuova-password',
      options: { emailRedirectTo: `${server.url}/${slug}/__/auth/action?mode=verifyEmail` },
    });
    expect(error).toBeNull();

    const link = linkIn(await waitForMail(server, email, 'Conferma'), '/__/auth/action');
    expect(link.pathname).toBe(`/${slug}/__/auth/action`);
    expect(link.searchParams.get('mode')).toBe('verifyEmail');

    const page = await browser.newPage({ viewport: phone });
    await page.goto(link.href);
    await heading(page, 'Verifica email');
    await page.getByText('Email verificata!').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'action-email-verified-phone');

    await page.goto(link.href);
    await page.getByText('Link verifica non valido.').waitFor();
    await page.close();
  });
});
