import { spawn } from 'node:child_process';
import pg from 'pg';

export class BackupError extends Error {}

/** The URL without its password (kept out of the process list) and the environment that carries it. */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} not found: install the PostgreSQL client tools of the server's major version or newer (Debian: apt-get install postgresql-client-15)`,
            )
          : error,
      ),
    );
    child.once('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new BackupError(`${command} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

const majorOf = (versionNum: number) => Math.floor(versionNum / 10000);

/** The server's major version; pg_dump and pg_restore must be at least as new. */
export async function checkClientTools(databaseUrl: string): Promise<{ server: number; client: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let server: number;
  try {
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    server = majorOf(Number(rows[0]!.v));
  } finally {
    await client.end();
  }
  const versions = await Promise.all(
    ['pg_dump', 'pg_restore'].map(async (tool) => {
      const text = await run(tool, ['--version'], process.env);
      const major = Number(/(\d+)(?:\.\d+)?/.exec(text)?.[1]);
      if (!(major >= server)) {
        throw new BackupError(
          `${tool} ${major} cannot handle PostgreSQL ${server}: install postgresql-client-${server} or newer`,
        );
      }
      return major;
    }),
  );
  return { server, client: Math.min(...versions) };
}

/** A consistent dump (one repeatable-read snapshot) in pg_dump's custom format. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = connection(databaseUrl);
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url}`], env);
}

/** Restores a custom-format dump in one transaction: all of it, or nothing on the first error. */
export async function restorePostgres(databaseUrl: string, file: string, clean: boolean): Promise<void> {
  const { url, env } = connection(databaseUrl);
  const args = ['--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${url}`];
  if (clean) args.push('--clean', '--if-exists');
  await run('pg_restore', [...args, file], env);
}
