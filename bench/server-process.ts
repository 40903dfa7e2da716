// The server as its own process (`node server/index.ts`, what `npm run serve` runs), for
// start time and memory: the benchmark process's own heap stays out of the numbers.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  url: string;
  /** From spawn to the first 200 of /auth/v1/health. */
  startMs: number;
  /** Resident and peak resident memory in MiB (Linux /proc), or null elsewhere. */
  memory(): { rssMb: number | null; peakRssMb: number | null };
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function statusField(pid: number, field: string): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Starts the server on an existing database: `DATA_DIR` (PGlite) or `DATABASE_URL` (PostgreSQL). */
export async function startServerProcess(options: {
  dataDir?: string;
  databaseUrl?: string;
  jwtSecret: string;
  /** More variables for the server (ADMIN_EMAIL, REALTIME_VISIBILITY_CHECK, ...). */
  environment?: Record<string, string>;
  /** Another checkout of the project to run the server of (to compare two versions); this one by default. */
  root?: string;
}): Promise<ServerProcess> {
  const port = await freePort();
  const environment: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'DATA_DIR',
    'LOG_REQUESTS',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
    'SMTP_URL',
    'REALTIME_VISIBILITY_CHECK',
  ]) {
    delete environment[name];
  }
  Object.assign(environment, {
    PORT: String(port),
    HOST: '127.0.0.1',
    MAIL_PORT: '0',
    JWT_SECRET: options.jwtSecret,
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.environment,
  });
  const started = performance.now();
  // BENCH_SERVER_PROFILE=<folder>: a V8 CPU profile of the server, written there when it stops.
  const profile = process.env.BENCH_SERVER_PROFILE;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  // Another checkout (BENCH_COMPARE_WITH) may predate the server's erasable-only TypeScript: tsx runs it.
  const loader = options.root ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...profiling, ...loader, 'server/index.ts'], {
    cwd: options.root ?? projectRoot,
    env: environment,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${errors}`);
    const healthy = await fetch(`${url}/auth/v1/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) break;
    if (performance.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 120 s: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startMs = performance.now() - started;
  const pid = child.pid!;
  return {
    url,
    startMs,
    memory: () => ({ rssMb: statusField(pid, 'VmRSS'), peakRssMb: statusField(pid, 'VmHWM') }),
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}
