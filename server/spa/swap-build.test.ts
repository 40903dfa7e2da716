import { appendFile, mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAndSwap, buildsFolderOf } from './swap-build.ts';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});
async function servedPath() {
  const folder = await mkdtemp(join(tmpdir(), 'passaparola-swap-'));
  folders.push(folder);
  return join(folder, 'dist');
}

/** A build that writes its index.html in two halves, 60 ms apart. */
const slowBuild = (text: string) => async (outDir: string) => {
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'index.html'), `<html>${text}`);
  await sleep(60);
  await appendFile(join(outDir, 'index.html'), '</html>');
};

describe('buildAndSwap', () => {
  it('lets readers see the previous complete build until the new one is complete, then the new one', async () => {
    const dist = await servedPath();
    await buildAndSwap(dist, slowBuild('first'));
    expect(await readFile(join(dist, 'index.html'), 'utf8')).toBe('<html>first</html>');

    const seen = new Set<string>();
    let building = true;
    const reader = (async () => {
      while (building) {
        seen.add(await readFile(join(dist, 'index.html'), 'utf8'));
        await sleep(2);
      }
    })();
    await buildAndSwap(dist, slowBuild('second'));
    building = false;
    await reader;

    expect(seen).toContain('<html>first</html>');
    expect([...seen].every((text) => text === '<html>first</html>' || text === '<html>second</html>')).toBe(
      true,
    );
    expect(await readFile(join(dist, 'index.html'), 'utf8')).toBe('<html>second</html>');
  });

  it('leaves the served build as it was when a build fails, and drops the failed folder', async () => {
    const dist = await servedPath();
    await buildAndSwap(dist, slowBuild('good'));
    const failing = buildAndSwap(dist, async (outDir) => {
      await mkdir(outDir, { recursive: true });
      await writeFile(join(outDir, 'index.html'), '<html>half');
      throw new Error('build failed');
    });
    await expect(failing).rejects.toThrow('build failed');
    expect(await readFile(join(dist, 'index.html'), 'utf8')).toBe('<html>good</html>');
    expect(await readdir(buildsFolderOf(dist))).toHaveLength(1);
  });

  it('takes the place of a folder a plain `vite build` wrote', async () => {
    const dist = await servedPath();
    await mkdir(dist);
    await writeFile(join(dist, 'index.html'), '<html>plain</html>');
    await buildAndSwap(dist, slowBuild('swapped'));
    expect(await readFile(join(dist, 'index.html'), 'utf8')).toBe('<html>swapped</html>');
  });

  it('keeps the build before the current one for requests under way, and removes older ones', async () => {
    const dist = await servedPath();
    await buildAndSwap(dist, slowBuild('1'));
    const first = basename(await realpath(dist));
    await buildAndSwap(dist, slowBuild('2'));
    const second = basename(await realpath(dist));
    await buildAndSwap(dist, slowBuild('3'));
    const third = basename(await realpath(dist));

    const kept = await readdir(buildsFolderOf(dist));
    expect(kept.sort()).toEqual([second, third].sort());
    expect(kept).not.toContain(first);
  });
});
