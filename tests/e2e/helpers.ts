import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { accessibilityViolations, desktop, phone, screenshot } from '../support/browser.ts';
import type { TestServer } from '../support/test-server.ts';

export { adminAccount, appServerOptions } from '../support/accounts.ts';
export {
  createSalonAccount as createMerchant,
  joinSalonAccount as joinMerchant,
} from '../support/accounts.ts';

/** The page's one h1, once it shows `name`. */
export async function heading(page: Page, name: string | RegExp) {
  const locator = page.getByRole('heading', { level: 1, name });
  await locator.waitFor();
  return locator;
}

/** Fails with the list of axe-core violations when the screen has any. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** Opens `path` at phone and desktop widths, checks it with axe and saves both screenshots. */
export async function checkScreen(
  browser: Browser,
  url: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<void> {
  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    const page = await browser.newPage({ viewport });
    await page.goto(url);
    await ready(page);
    await expectAccessible(page);
    await screenshot(page, `${name}-${size}`);
    await page.close();
  }
}

/** Waits until the browser is at `pathname` (query and fragment aside). */
export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/** The newest e-mail to `address` whose subject contains `subject` in the server's local mailbox, once it arrives. */
export async function waitForMail(server: TestServer, address: string, subject: string): Promise<string> {
  const { mailbox } = await import('../support/mailbox.ts');
  const box = mailbox(server.mailUrl);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const found = (await box.to(address)).find((message) => message.Subject.includes(subject));
    if (found) return (await box.message(found.ID)).Text;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail "${subject}" to ${address}`);
}

/** The area's navigation: the bottom bar on a phone, the side bar on wider screens. */
export function areaNav(page: Page) {
  return page.getByRole('navigation', { name: 'Navigazione principale' });
}

/** Opens a screen from the area's navigation, through the 'Altro' sheet when the phone's bar lacks it. */
export async function openFromNav(page: Page, label: string | RegExp): Promise<void> {
  const link = areaNav(page).getByRole('link', { name: label, exact: true });
  const more = areaNav(page).getByRole('button', { name: 'Altro', exact: true });
  // The area's chunk may still be loading: wait for the bar before deciding where the screen is.
  await link.or(more).first().waitFor();
  if (await link.isVisible()) return link.click();
  await more.click();
  await page.getByRole('dialog', { name: 'Altro' }).getByRole('link', { name: label, exact: true }).click();
}

/**
 * A refused form puts the cursor in its first wrong field, and again on its next tick: wait for that
 * tick, so that what the test types next lands in the field it aims at.
 */
export async function formFocusSettled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

/** Signs in through a login page's form, as a person fills it in. */
export async function signInThroughForm(
  page: Page,
  url: string,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

/** 'Esci' from the area's navigation, through the 'Altro' sheet when the phone's bar ends with it. */
export async function signOutFromNav(page: Page): Promise<void> {
  const esci = areaNav(page).getByRole('button', { name: 'Esci', exact: true });
  const more = areaNav(page).getByRole('button', { name: 'Altro', exact: true });
  await esci.or(more).first().waitFor();
  if (await esci.isVisible()) return esci.click();
  await more.click();
  await page
    .getByRole('dialog', { name: 'Altro' })
    .getByRole('button', { name: 'Esci', exact: true })
    .click();
}

/** Closes every toast and waits until none is left (axe and screenshots see the screen itself). */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]');
  for (let attempt = 0; attempt < 10 && (await toasts.count()) > 0; attempt += 1)
    await toasts
      .locator('[data-close-button]')
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  await toasts.first().waitFor({ state: 'detached' });
}
