// `npm run bench:bundle`: the JavaScript each public and sign-in route, and three signed-in screens, load in Chromium, measured on the
// built SPA (`npx vite build` first): every script response, its size after gzip -9, and the chunks.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startSeededApp } from './seeded-app.ts';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** `index-Bjt85EyJ.js` → `index`: the chunk's name without its content hash. */
const chunkName = (url: string) => new URL(url).pathname.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '');

const app = await startSeededApp();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  console.log('route                    JS gzip KB  minified KB  chunks');
  const routes = [
    ...Object.entries(app.publicRoutes).map(([name, path]) => ({ name, path, account: undefined })),
    ...Object.entries(app.signedInRoutes).map(([name, route]) => ({ name, ...route })),
  ];
  for (const { name, path, account } of routes) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    if (account) {
      await page.goto(`${app.url}/robots.txt`);
      await page.evaluate(await app.sessionScript(account));
    }
    const scripts = new Map<string, Buffer>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || !response.url().endsWith('.js')) return;
      const url = response.url();
      void response.body().then(
        (body) => scripts.set(url, body),
        () => undefined,
      );
    });
    await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const bodies = [...scripts.entries()].filter(([url]) => new URL(url).pathname.startsWith('/assets/'));
    const gzip = bodies.reduce((sum, [, body]) => sum + gzipSync(body, { level: 9 }).length, 0);
    const minified = bodies.reduce((sum, [, body]) => sum + body.length, 0);
    const chunks = bodies.map(
      ([url, body]) => `${chunkName(url)} ${kb(gzipSync(body, { level: 9 }).length)}`,
    );
    console.log(
      `${name.padEnd(24)} ${kb(gzip).padStart(10)}  ${kb(minified).padStart(11)}  ${chunks.join(', ')}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
