import { randomUUID } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { signJwt } from '../../../server/jwt/jwt.ts';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { testDatabaseKind } from '../../support/test-database.ts';

const fixtures = new URL('../fixtures/storage-migrations', import.meta.url).pathname;

/** Every file and folder under `root` with its permission bits, as `path: mode` in octal. */
function modesUnder(root: string): { folders: Record<string, string>; files: Record<string, string> } {
  const folders: Record<string, string> = {};
  const files: Record<string, string> = {};
  const walk = (path: string) => {
    const entry = lstatSync(path);
    const mode = (entry.mode & 0o777).toString(8);
    if (entry.isDirectory()) {
      folders[relative(root, path) || '.'] = mode;
      for (const name of readdirSync(path)) walk(join(path, name));
    } else files[relative(root, path)] = mode;
  };
  walk(root);
  return { folders, files };
}

// The embedded database's own files: once is enough, not again in the PostgreSQL pass.
describe.skipIf(testDatabaseKind === 'postgres')('the data folder, as initdb keeps one', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'passaparola-data-')), 'data');
  let server: RunningServer;
  const previousUmask = process.umask();

  beforeAll(async () => {
    // What an older version, run with a permissive umask, left behind.
    process.umask(0);
    mkdirSync(join(dataDir, 'storage'), { recursive: true, mode: 0o777 });
    writeFileSync(join(dataDir, 'storage', 'older-object'), 'bytes', { mode: 0o666 });
    writeFileSync(join(dataDir, 'notes.txt'), 'left here', { mode: 0o644 });
    chmodSync(dataDir, 0o777);

    server = await startServer(
      {
        ...loadConfig({}),
        mailPort: 0,
        port: 0,
        host: '127.0.0.1',
        dataDir,
        jwtSecret: undefined,
        databaseUrl: undefined,
        migrationFolders: [fixtures],
        staticDir: undefined,
        auth: { enableConfirmations: true },
      },
      { persistData: true },
    );
    // Something in each of the database, the mailbox and the object store.
    const signUp = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.context.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cartella@example.com', password: 'password-cartella' }),
    });
    expect(signUp.status).toBe(200);
    const owner = randomUUID();
    const token = await signJwt({ sub: owner, role: 'authenticated' }, server.context.keys.jwtSecret, 60);
    const upload = await fetch(`${server.url}/storage/v1/object/documents/${owner}/nota.txt`, {
      method: 'POST',
      headers: {
        apikey: server.context.keys.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'text/plain',
      },
      body: 'una nota',
    });
    expect(upload.status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
    process.umask(previousUmask);
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  it('keeps every folder 0700 and every file 0600, the old ones included', () => {
    const { folders, files } = modesUnder(dataDir);
    const fileNames = Object.keys(files);
    // The database, the secret, the mailbox and both stored objects are there to be checked.
    expect(fileNames.filter((name) => name.startsWith('pglite/')).length).toBeGreaterThan(100);
    expect(fileNames.filter((name) => name.startsWith('storage/'))).toHaveLength(2);
    expect(fileNames).toContain('jwt-secret');
    expect(fileNames.some((name) => name.includes('mailbox'))).toBe(true);

    expect(Object.entries(folders).filter(([, mode]) => mode !== '700')).toEqual([]);
    expect(Object.entries(files).filter(([, mode]) => mode !== '600')).toEqual([]);
  });
});
