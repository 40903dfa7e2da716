// Start time and idle memory of the server as its own process on PGlite: a fresh DATA_DIR without and
// with the saved initdb (server/db/pglite-template.ts), then a restart on the existing folder; and where
// a fresh start's time goes, step by step in this process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyPlatformBootstrap } from '../server/db/bootstrap.ts';
import { applyMigrations } from '../server/db/migrations.ts';
import { defaultMigrationsFolder } from '../server/config.ts';
import { installChangeCapture } from '../server/realtime/change-capture.ts';
import { startServerProcess } from './server-process.ts';

const jwtSecret = 'bench-jwt-secret-with-at-least-32-characters';
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

async function startOnce(dataDir: string, templates: string, start: string) {
  const server = await startServerProcess({
    dataDir,
    jwtSecret,
    environment: { PGLITE_TEMPLATE_DIR: templates },
  });
  await settle();
  const { rssMb, peakRssMb } = server.memory();
  await server.stop();
  return {
    start,
    'spawn → healthy s': Number((server.startMs / 1000).toFixed(1)),
    'idle RSS MB': rssMb,
    'peak RSS MB': peakRssMb,
  };
}

/** Spawned servers: before (initdb on every fresh folder) and now. */
export async function benchColdStart() {
  const templates = mkdtempSync(join(tmpdir(), 'passaparola-bench-templates-'));
  const folders = [
    mkdtempSync(join(tmpdir(), 'passaparola-bench-cold-')),
    mkdtempSync(join(tmpdir(), 'passaparola-bench-cold-')),
  ];
  try {
    return [
      await startOnce(folders[0]!, templates, 'fresh DATA_DIR, no saved initdb (before)'),
      await startOnce(folders[1]!, templates, 'fresh DATA_DIR from the saved initdb'),
      await startOnce(folders[1]!, templates, 'restart on an existing DATA_DIR'),
    ];
  } finally {
    for (const folder of [templates, ...folders]) rmSync(folder, { recursive: true, force: true });
  }
}

/** The steps of a fresh start on PGlite, timed in this process (memory of this process after each). */
export async function benchColdStartSteps() {
  const templates = mkdtempSync(join(tmpdir(), 'passaparola-bench-templates-'));
  const rows: Record<string, string | number>[] = [];
  try {
    for (const withTemplate of [false, true]) {
      const dataDir = mkdtempSync(join(tmpdir(), 'passaparola-bench-steps-'));
      let last = performance.now();
      const step = (name: string) => {
        const now = performance.now();
        const memory = process.memoryUsage();
        rows.push({
          step: `${withTemplate ? 'saved initdb' : 'initdb'}: ${name}`,
          ms: Math.round(now - last),
          'RSS MB': Math.round(memory.rss / 2 ** 20),
          'wasm + buffers MB': Math.round(memory.arrayBuffers / 2 ** 20),
        });
        last = now;
      };
      const { openPglite } = await import('../server/db/pglite.ts');
      step('import PGlite');
      const db = await openPglite(join(dataDir, 'pglite'), undefined, templates);
      step('open a fresh cluster');
      await applyPlatformBootstrap(db);
      step('platform bootstrap');
      await applyMigrations(db, [defaultMigrationsFolder]);
      step('migrations');
      await installChangeCapture(db);
      step('realtime change capture');
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    rmSync(templates, { recursive: true, force: true });
  }
  return rows;
}
