import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { accessibilityViolations, launchBrowser, phone } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';
import { appServerOptions, createMerchant, heading } from './helpers.ts';

/** Every CSP violation the page reports, from its own event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${event.violatedDirective}: ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return violations;
}

describe('the built app under its Content-Security-Policy', () => {
  let server: TestServer;
  let browser: Browser;
  let slug: string;

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    ({ slug } = await createMerchant(server, {
      name: 'Salone Sicuro',
      email: 'sicuro@example.com',
      password: 'password-sicuro',
    }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('loads the home page and the sign-in pages with the policy in force and no violation', async () => {
    const page = await browser.newPage({ viewport: phone });
    const violations = await watchViolations(page);

    const home = await page.goto(server.url);
    expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
    await heading(page, /Passaparola/);

    await page.goto(`${server.url}/${slug}/login`);
    await heading(page, /Accedi/);
    // A wrong password shows the toast (sonner inserts its <style>) and the Realtime-free API round trip.
    await page.getByLabel('Email').fill('nessuno@example.com');
    await page.getByLabel('Password').fill('password-sbagliata');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page
      .getByText(/credenziali|non (sono )?corrett/i)
      .first()
      .waitFor();

    await page.goto(`${server.url}/admin`);
    await heading(page, /Accedi/);
    expect(await accessibilityViolations(page)).toEqual([]);

    expect(violations).toEqual([]);
    await page.close();
  });

  it("opens a salon's public page, whose schema.org JSON-LD is data and never runs, with no violation", async () => {
    const page = await browser.newPage({ viewport: phone });
    const violations = await watchViolations(page);
    await page.goto(`${server.url}/${slug}`);
    await heading(page, /Registrati/);
    const jsonLd = page.locator('script[type="application/ld+json"]');
    await expect(jsonLd.count()).resolves.toBe(1);
    expect(JSON.parse((await jsonLd.textContent()) ?? '')).toMatchObject({
      '@type': 'BeautySalon',
      name: 'Salone Sicuro',
    });
    expect(violations).toEqual([]);
    await page.close();
  });

  it('opens a signed-in area screen (its schemas parsed, Realtime joined) with no violation', async () => {
    const page = await browser.newPage({ viewport: phone });
    const violations = await watchViolations(page);
    await page.goto(`${server.url}/merchant/${slug}`);
    await heading(page, /Accesso/);
    await page.getByLabel('Email').fill('sicuro@example.com');
    await page.getByLabel('Password').fill('password-sicuro');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await heading(page, /Registrazioni/);
    await page
      .getByRole('button', { name: /Registra/ })
      .first()
      .waitFor();
    expect(violations).toEqual([]);
    await page.close();
  });

  it('reports a violation when something breaks the policy, so the check above can fail', async () => {
    const page = await browser.newPage({ viewport: phone });
    const violations = await watchViolations(page);
    await page.goto(server.url);
    await heading(page, /Passaparola/);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    await page.close();
  });
});
