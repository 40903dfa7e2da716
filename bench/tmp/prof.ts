import { chromium } from 'playwright-core';
import { startSeededApp } from '../seeded-app.ts';
const app = await startSeededApp();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
for (const [name, route] of Object.entries(app.signedInRoutes)) {
  const agg: Record<string, number> = {}; const fnAgg: Record<string, number> = {};
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${app.url}/robots.txt`);
    await page.evaluate(await app.sessionScript(route.account));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${app.url}${route.path}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    const { profile } = await cdp.send('Profiler.stop');
    const dt = new Map<number, number>();
    profile.samples!.forEach((id, k) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas![k] ?? 0)));
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    // attribute self time to url + to "module evaluation" top-level
    for (const node of profile.nodes) {
      const t = (dt.get(node.id) ?? 0) / 1000 / 3;
      const url = node.callFrame.url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '') || node.callFrame.functionName || '(native)';
      agg[url] = (agg[url] ?? 0) + t;
      const fn = `${url}:${node.callFrame.functionName || '(anon)'}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`;
      fnAgg[fn] = (fnAgg[fn] ?? 0) + t;
    }
    void byId;
    await context.close();
  }
  console.log(`== ${name}`);
  Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, 14).forEach(([k, v]) => console.log(v.toFixed(1).padStart(8), k));
  Object.entries(fnAgg).sort((a, b) => b[1] - a[1]).slice(0, 20).forEach(([k, v]) => console.log('   ', v.toFixed(1).padStart(8), k));
}
await browser.close(); await app.stop();
