// `npm run bench:lighthouse`: Lighthouse's mobile preset (simulated slow 4G and a 4× slower CPU) on the
// built SPA (`npx vite build` first): the home, a salon's logins and registration, and three signed-in
// screens. Each page runs LIGHTHOUSE_RUNS times (default 3) in Debian's Chromium; the median is printed.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startSeededApp, type Account, type SeededApp } from './seeded-app.ts';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const profileDir = `/tmp/passaparola-lighthouse-${process.pid}`;

interface Chrome {
  port: number;
  process: ChildProcess;
}

/** Chromium with its DevTools port, as Lighthouse's own launcher would start it, without downloads. */
async function launchChrome(): Promise<Chrome> {
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-sync',
      '--disable-background-networking',
      '--disable-component-update',
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited with ${code}: ${output}`)));
  });
  return { port, process: child };
}

/**
 * Puts a session in the page's localStorage as supabase-js keeps it, from a page that loads no script
 * (robots.txt), so the audited load starts with an empty HTTP cache and no service worker.
 */
async function signIn(chrome: Chrome, app: SeededApp, account: Account): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0]!.newPage();
  // As Lighthouse's own storage reset would, keeping only localStorage: a cold load with a session.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.clearBrowserCache');
  await devtools.send('Storage.clearDataForOrigin', {
    origin: new URL(app.url).origin,
    storageTypes: 'service_workers,cache_storage,indexeddb,local_storage',
  });
  await page.goto(`${app.url}/robots.txt`);
  await page.evaluate(await app.sessionScript(account));
  await page.close();
  await browser.close();
}

type Scores = Record<(typeof categories)[number], number>;

async function audit(chrome: Chrome, url: string, signedIn: boolean): Promise<Scores> {
  const result = await lighthouse(
    url,
    { port: chrome.port, logLevel: 'error', onlyCategories: [...categories], disableStorageReset: signedIn },
    undefined,
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  if (process.env.LIGHTHOUSE_SAVE) {
    writeFileSync(
      `${process.env.LIGHTHOUSE_SAVE}/${new URL(url).pathname.replaceAll('/', '_')}.json`,
      JSON.stringify(result.lhr),
    );
  }
  const failed = Object.values(result.lhr.audits).filter(
    (entry) => entry.score !== null && entry.score < 1 && entry.scoreDisplayMode === 'binary',
  );
  if (process.env.LIGHTHOUSE_VERBOSE) {
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ];
    console.log(`    ${metrics.map((id) => `${id} ${result.lhr.audits[id]?.displayValue}`).join(', ')}`);
    for (const entry of Object.values(result.lhr.audits)) {
      const savings = (entry.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs;
      if (savings) console.log(`    could save ${savings} ms: ${entry.id}`);
    }
    for (const entry of failed)
      console.log(`    failed: ${entry.id} ${JSON.stringify(entry.details ?? {}).slice(0, 600)}`);
  }
  return Object.fromEntries(
    categories.map((category) => [category, Math.round((result.lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Scores;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const app = await startSeededApp();
const chrome = await launchChrome();
try {
  const pages: { name: string; path: string; account?: Account }[] = [
    ...Object.entries(app.publicRoutes).map(([name, path]) => ({ name, path })),
    ...Object.entries(app.signedInRoutes).map(([name, route]) => ({ name, ...route })),
  ];
  console.log(`Lighthouse mobile preset, median of ${runs} (performance runs in brackets)`);
  console.log('page                     perf  a11y  best-pr.  seo  performance runs');
  // LIGHTHOUSE_ONLY=home,login: the pages whose name holds one of these.
  const only = process.env.LIGHTHOUSE_ONLY?.split(',');
  for (const page of pages.filter((entry) => !only || only.some((part) => entry.name.includes(part)))) {
    const results: Scores[] = [];
    for (let run = 0; run < runs; run += 1) {
      if (page.account) await signIn(chrome, app, page.account);
      results.push(await audit(chrome, `${app.url}${page.path}`, Boolean(page.account)));
    }
    const [performance, accessibility, bestPractices, seo] = categories.map((category) =>
      median(results.map((scores) => scores[category])),
    );
    console.log(
      `${page.name.padEnd(24)} ${String(performance).padStart(4)}  ${String(accessibility).padStart(4)}  ${String(bestPractices).padStart(8)}  ${String(seo).padStart(3)}  ${results.map((scores) => scores.performance).join(' / ')}`,
    );
  }
} finally {
  chrome.process.kill('SIGTERM');
  if (chrome.process.exitCode === null && chrome.process.signalCode === null)
    await new Promise((resolve) => chrome.process.once('exit', resolve));
  rmSync(profileDir, { recursive: true, force: true });
  await app.stop();
}
