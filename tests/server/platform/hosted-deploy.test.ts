import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { applyPlatformBootstrap } from '../../../server/db/bootstrap.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { startManagementApiStandIn } from '../../support/management-api-stand-in.ts';
import { supabaseCliPath } from '../../../scripts/supabase-cli.ts';
import { createThrowawayPostgres } from '../../support/test-database.ts';

/**
 * The deploy guide's CLI steps (README, "On hosted Supabase") run with the real Supabase CLI: the
 * optional dependency @supabase/cli-linux-x64 (the binary `npm install supabase` would fetch), or
 * SUPABASE_CLI. On a platform without it these cases are skipped.
 */
const supabaseCli = supabaseCliPath();
const repository = fileURLToPath(new URL('../../..', import.meta.url));
const migrationVersions = readdirSync(join(repository, 'supabase/migrations'))
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .map((file) => file.split('_')[0]!);

const hostedEnvironment = {
  SITE_URL: 'https://prenota.salone.example.com',
  ADDITIONAL_REDIRECT_URLS: 'https://*.salone.example.com/**',
  SMTP_ENABLED: 'true',
  SMTP_HOST: 'smtp.example.com',
  SMTP_PORT: '587',
  SMTP_USER: 'passaparola',
  SMTP_PASS: 'segreto',
  SMTP_ADMIN_EMAIL: 'prenotazioni@salone.example.com',
};

/** Runs a command without blocking this process, which serves the Management API stand-in. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ status: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd: repository, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill(), 120_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

describe.runIf(supabaseCli && process.env.TEST_DATABASE_URL)('supabase db push on this folder', () => {
  it('applies every migration in order on a database set up as Supabase’s, then has nothing left', async () => {
    const database = await createThrowawayPostgres();
    try {
      const db = await openPostgres(database.url);
      await applyPlatformBootstrap(db);
      await db.close();
      // Every CLI command reads config.toml, whose env() values a deployment gives (no local defaults).
      const push = (...flags: string[]) =>
        run(
          supabaseCli!,
          ['db', 'push', `--remote=${database.url}`, '--workdir', repository, ...flags],
          hostedEnvironment,
        );

      const dryRun = await push('--dry-run');
      expect(dryRun.status).toBe(0);
      const listed = [...dryRun.output.matchAll(/• (\d{14})_/g)].map((match) => match[1]);
      expect(listed).toEqual(migrationVersions);

      const applied = await push('--yes');
      expect(applied.output).toContain('Finished supabase db push.');
      expect(applied.status).toBe(0);
      const check = await openPostgres(database.url);
      const { rows } = await check.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      );
      const { rows: functions } = await check.query<{ count: number }>(
        `select count(*)::int as count from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'api'`,
      );
      await check.close();
      expect(rows.map((row) => row.version)).toEqual(migrationVersions);
      expect(functions[0]!.count).toBeGreaterThan(50);

      expect((await push('--dry-run')).output).toContain('Remote database is up to date.');
    } finally {
      await database.drop();
    }
  });
});

describe.runIf(supabaseCli)('config push against a recording Management API', () => {
  const folder = mkdtempSync(join(tmpdir(), 'passaparola-config-push-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const ref = 'abcdefghijklmnopqrst';

  /** Runs `command` with the CLI's flags for the stand-in appended; returns what the stand-in heard. */
  async function pushTo(command: string[], env: NodeJS.ProcessEnv) {
    const api = await startManagementApiStandIn(ref, {
      site_url: 'http://localhost:3000',
      uri_allow_list: '',
    });
    try {
      const profile = join(folder, 'profile.yaml');
      writeFileSync(
        profile,
        `name: stand-in\napi_url: ${api.url}\ndashboard_url: ${api.url}\nproject_host: stand-in.test\n`,
      );
      const [program, ...args] = command;
      const pushed = await run(
        program!,
        [...args, '--profile', profile, `--remote=${ref}`, '--workdir', repository, '--yes'],
        { ...env, SUPABASE_HOME: folder, SUPABASE_ACCESS_TOKEN: `sbp_${'0'.repeat(40)}` },
      );
      const update = api.requests.find(
        (request) => request.method === 'PATCH' && request.path === `/v1/projects/${ref}/config/auth`,
      );
      const changes = api.requests.filter((request) => request.method !== 'GET');
      return { ...pushed, update, changes };
    } finally {
      await api.stop();
    }
  }

  it('npm run config:push sends the salon’s site URL, redirect list and SMTP from the environment, and no local address', async () => {
    const { output, update } = await pushTo(['npx', 'tsx', 'scripts/config-push.ts'], hostedEnvironment);
    expect(output).toContain('Push config changes to Auth');
    expect(update?.body).toMatchObject({
      site_url: hostedEnvironment.SITE_URL,
      uri_allow_list: hostedEnvironment.ADDITIONAL_REDIRECT_URLS,
      smtp_host: hostedEnvironment.SMTP_HOST,
      smtp_port: hostedEnvironment.SMTP_PORT,
      smtp_user: hostedEnvironment.SMTP_USER,
      smtp_pass: hostedEnvironment.SMTP_PASS,
      smtp_admin_email: hostedEnvironment.SMTP_ADMIN_EMAIL,
      smtp_sender_name: 'Passaparola',
      mailer_subjects_confirmation: 'Conferma il tuo indirizzo e-mail',
    });
    expect(JSON.stringify(update?.body)).not.toMatch(/localhost|127\.0\.0\.1/);
  });

  it('a plain `supabase config push` with nothing set refuses, and sends the project nothing', async () => {
    const unset = Object.fromEntries(
      [...Object.keys(hostedEnvironment), 'SUPABASE_ENV'].map((name) => [name, undefined]),
    );
    const { status, output, changes } = await pushTo([supabaseCli!, 'config', 'push'], unset);
    expect(output).toContain('"env(SMTP_ENABLED)" is not true or false');
    expect(status).not.toBe(0);
    expect(changes).toEqual([]);
  });

  it('takes the localhost values only when SUPABASE_ENV=localhost asks for them', async () => {
    const unset = Object.fromEntries(Object.keys(hostedEnvironment).map((name) => [name, undefined]));
    const { update } = await pushTo([supabaseCli!, 'config', 'push'], {
      ...unset,
      SUPABASE_ENV: 'localhost',
    });
    expect(update?.body).toMatchObject({ site_url: 'http://localhost:54321' });
  });
});

describe('npm run config:push without a hosted configuration', () => {
  it('refuses to push before the CLI runs when SITE_URL is local', async () => {
    const refused = await run('npx', ['tsx', 'scripts/config-push.ts', '--yes'], {
      ...hostedEnvironment,
      SITE_URL: 'http://localhost:54321',
    });
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('Not pushing the config');
  });
});
