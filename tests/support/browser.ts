import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 800 };

/** Debian's Chromium, headless, as the machine allows it (no sandbox as root, no background traffic). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

/** Saves a screenshot under screenshots/ for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/** axe-core's WCAG 2.x A/AA rules on the page as it is now; returns the violations, empty when none. */
export async function accessibilityViolations(
  page: Page,
): Promise<{ id: string; help: string; targets: string[] }[]> {
  const { default: axe } = await import('axe-core');
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    // A toast or dialog halfway through fading in or out has no fixed contrast: let every finite
    // animation and transition end first (endless ones, such as a loading pulse, are left running).
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    const { axe: runner } = window as unknown as { axe: typeof import('axe-core') };
    const results = await runner.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}
