import { lstat, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';

/** Where the builds behind `served` live: a folder beside it, one subfolder per build. */
export const buildsFolderOf = (served: string) => join(dirname(served), `.${basename(served)}-builds`);

/**
 * Builds into a fresh folder of its own, then points `served` (a symlink) at it with one rename, so
 * a server reading `served` sees the previous complete build until the new one is complete. A
 * failed build leaves `served` as it was. The build before stays for requests already under way;
 * older ones whose build has ended are removed.
 */
export async function buildAndSwap(served: string, build: (outDir: string) => Promise<void>): Promise<void> {
  const builds = buildsFolderOf(served);
  await mkdir(builds, { recursive: true });
  const name = `${Date.now()}-${process.pid}`;
  const outDir = join(builds, name);
  try {
    await build(outDir);
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
  const previous = await swapIn(served, outDir);
  await removeOldBuilds(builds, new Set([name, ...(previous ? [previous] : [])]));
}

/** Points `served` at `outDir`; returns the name, in the builds folder, of what `served` was. */
async function swapIn(served: string, outDir: string): Promise<string | undefined> {
  const builds = buildsFolderOf(served);
  const link = `${served}.next-${process.pid}`;
  await rm(link, { force: true });
  await symlink(relative(dirname(served), outDir), link);
  const before = await lstat(served).catch(() => undefined);
  let previous: string | undefined;
  if (before?.isSymbolicLink()) {
    previous = basename(await readlink(served));
  } else if (before) {
    // A folder a plain `vite build` wrote: moved once among the builds, then replaced by the link.
    previous = `${Date.now()}-${process.pid}-plain`;
    await rename(served, join(builds, previous));
  }
  await rename(link, served);
  return previous;
}

async function removeOldBuilds(builds: string, keep: Set<string>): Promise<void> {
  for (const name of await readdir(builds)) {
    if (keep.has(name) || stillBuilding(name)) continue;
    await rm(join(builds, name), { recursive: true, force: true });
  }
}

/** A build folder whose builder (the pid in its name) is another process still running. */
function stillBuilding(name: string): boolean {
  const pid = Number(name.split('-')[1]);
  if (!Number.isInteger(pid) || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
