import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndSwap } from '../../../server/spa/swap-build.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const page = (hash: string) =>
  `<!doctype html><html><head><script type="module" src="/assets/index-${hash}.js"></script></head></html>`;
const script = (hash: string) => `console.log('${hash}');\n`;

/** A build that writes its files slowly: the script, then index.html in two halves. */
const slowBuild = (hash: string) => async (outDir: string) => {
  await mkdir(join(outDir, 'assets'), { recursive: true });
  await sleep(60);
  await writeFile(join(outDir, 'assets', `index-${hash}.js`), script(hash));
  await sleep(60);
  const html = page(hash);
  await writeFile(join(outDir, 'index.html'), html.slice(0, 30));
  await sleep(60);
  await appendFile(join(outDir, 'index.html'), html.slice(30));
};

describe('the SPA while another start rebuilds it', () => {
  let folder: string;
  let dist: string;
  let server: TestServer;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'passaparola-rebuild-'));
    dist = join(folder, 'dist');
    await buildAndSwap(dist, slowBuild('Old00000'));
    server = await startTestServer({ migrationFolders: [], config: { staticDir: dist } });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  /** The page a browser gets at a deep link, and what the server answers for the script it names. */
  async function visit(): Promise<{ html: string; script: string }> {
    const html = await (await fetch(`${server.url}/dashboard/agenda`)).text();
    const src = /src="(\/assets\/[^"]+)"/.exec(html)?.[1];
    const response = await fetch(`${server.url}${src}`);
    return { html, script: response.status === 200 ? await response.text() : `${response.status}` };
  }

  it('serves only complete builds during a rebuild, and the new one, assets included, after it', async () => {
    const visits: Array<{ html: string; script: string }> = [];
    let building = true;
    const visitor = (async () => {
      while (building) visits.push(await visit());
    })();
    await buildAndSwap(dist, slowBuild('New11111'));
    building = false;
    await visitor;

    expect(visits.map((seen) => seen.html)).toContain(page('Old00000'));
    for (const seen of visits) {
      expect([page('Old00000'), page('New11111')]).toContain(seen.html);
      // A page of the old build asking for its script just after the swap may get 404, never part of a file.
      expect([script('Old00000'), script('New11111'), '404']).toContain(seen.script);
    }
    expect(await visit()).toEqual({ html: page('New11111'), script: script('New11111') });
  });

  it('still answers 404 for a missing asset and for unknown API paths', async () => {
    expect((await fetch(`${server.url}/assets/index-Missing0.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/rest/v1/nothing-here`)).status).toBe(404);
  });
});
