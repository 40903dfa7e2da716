import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { adminSocketPath } from '../../../server/backup/admin-socket.ts';
import { restoreBackup } from '../../../server/backup/restore-backup.ts';
import { runBackup } from '../../../server/backup/run-backup.ts';
import { FileStore, holdRemovals } from '../../../server/storage/file-store.ts';
import {
  cents,
  createAdmin,
  createMerchant,
  joinAsClient,
  type JoinedClient,
} from '../../support/personas.ts';
import { registerPurchase } from '../../support/purchases.ts';
import {
  createThrowawayPostgres,
  testDatabaseKind,
  type ThrowawayDatabase,
} from '../../support/test-database.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const folders: string[] = [];
const databases: ThrowawayDatabase[] = [];
const temporaryFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'passaparola-backup-test-'));
  folders.push(folder);
  return folder;
};
afterAll(async () => {
  folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
  await Promise.all(databases.map((database) => database.drop()));
});

/** A persisted server: PGlite in `dataDir`, or the given PostgreSQL; the JWT secret generated there. */
const startPersisted = (dataDir: string, databaseUrl?: string) =>
  startTestServer({
    persistData: true,
    config: { dataDir, jwtSecret: undefined, ...(databaseUrl ? { databaseUrl } : {}) },
  });

const freshDatabase = async () => {
  if (testDatabaseKind !== 'postgres') return undefined;
  const database = await createThrowawayPostgres();
  databases.push(database);
  return database.url;
};

const download = async (server: TestServer, path: string) => {
  const response = await fetch(`${server.url}/storage/v1/object/public/${path}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

const png = (background: string) =>
  sharp({ create: { width: 96, height: 96, channels: 3, background } })
    .png()
    .toBuffer();

const asPng = { contentType: 'image/png' };

/** POST /backup on the admin socket with this bearer: the status only. */
const askSocket = (socketPath: string, bearer: string) =>
  new Promise<number>((answered, failed) => {
    const outgoing = request({
      socketPath,
      method: 'POST',
      path: '/backup',
      headers: { authorization: `Bearer ${bearer}` },
    });
    outgoing.once('response', (response) => {
      response.resume();
      answered(response.statusCode ?? 0);
    });
    outgoing.once('error', failed);
    outgoing.end();
  });

describe('backup and restore', () => {
  it(
    'restores every purchase acknowledged before a backup taken under writes, the files and the sign-ins',
    { timeout: 240_000 },
    async () => {
      const dataDir = temporaryFolder();
      const source = await startPersisted(dataDir);
      let sourceRunning = true;
      let restored: TestServer | undefined;
      try {
        const admin = await createAdmin(source);
        const { merchant, persona: owner } = await createMerchant(source, admin, 'Salone Copia');
        const members: JoinedClient[] = [];
        for (let index = 0; index < 5; index += 1) {
          const { joined } = await joinAsClient(source, merchant.slug, {
            name: `Cliente ${index}`,
            sponsorCode: members[index - 1]?.client_code,
          });
          members.push(joined);
        }
        const photos = owner.client.storage.from('operatori');
        const logoPath = `${merchant.slug}.png`;
        const photoPath = `${merchant.id}/anna.png`;
        expect(
          (await owner.client.storage.from('loghi').upload(logoPath, await png('#a04070'), asPng)).error,
        ).toBeNull();
        expect((await photos.upload(photoPath, await png('#307050'), asPng)).error).toBeNull();
        expect(
          (await owner.client.rpc('add_operator', { name: 'Anna', image_path: photoPath })).error,
        ).toBeNull();
        const logoBytes = await download(source, `loghi/${logoPath}`);
        const photoBytes = await download(source, `operatori/${photoPath}`);

        // Purchases from two counters and a photo replaced over and over, while the backup runs.
        const acknowledged: { id: string; at: number }[] = [];
        let writing = true;
        const counter = async (offset: number) => {
          for (let round = 0; writing; round += 1) {
            const buyer = members[(round + offset) % members.length]!.client_code;
            const spend = 10 + ((round * 7 + offset) % 90) / 100;
            const { movement_id: id } = await registerPurchase(owner.client, buyer, spend);
            acknowledged.push({ id, at: performance.now() });
          }
        };
        const replacer = async () => {
          for (let round = 0; writing; round += 1) {
            const bytes = await png(round % 2 === 0 ? '#102030' : '#302010');
            const { error } = await photos.upload(`${merchant.id}/prova.png`, bytes, {
              ...asPng,
              upsert: true,
            });
            if (error) throw new Error(`upload: ${error.message}`);
          }
        };
        const writers = [counter(0), counter(3), replacer()].map((writer) =>
          writer.catch((error: unknown) => {
            writing = false;
            throw error;
          }),
        );
        while (acknowledged.length < 15) await new Promise((resolve) => setTimeout(resolve, 20));

        const backupStarted = performance.now();
        const before = acknowledged.filter((purchase) => purchase.at < backupStarted).map((p) => p.id);
        const backupFolder = join(temporaryFolder(), 'backups');
        const backup = await runBackup({ dataDir, output: backupFolder }).finally(() => (writing = false));
        const afterBackup = acknowledged.length;
        await Promise.all(writers);

        expect(backup.via).toBe('server');
        expect(backup.manifest.database).toBe(testDatabaseKind);
        expect(basename(backup.path)).toMatch(/^passaparola-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
        expect(statSync(backup.path).mode & 0o777).toBe(0o600);
        // The backup ran while purchases kept coming in.
        expect(afterBackup).toBeGreaterThan(before.length);

        const oldToken = owner.token;
        const { jwtSecret } = source;
        await source.stop();
        sourceRunning = false;

        const restoredDir = temporaryFolder();
        const restoredDatabase = await freshDatabase();
        const check = await restoreBackup({
          archive: backup.path,
          dataDir: restoredDir,
          databaseUrl: restoredDatabase,
        });
        expect(check.missingObjects).toEqual([]);
        expect(check.unbalancedClients).toBe(0);
        expect(check.objects).toBeGreaterThanOrEqual(3);
        expect(check.purchases).toBeGreaterThanOrEqual(before.length);

        restored = await startPersisted(restoredDir, restoredDatabase);
        const db = restored.server.context.db;
        expect(restored.jwtSecret).toBe(jwtSecret);

        const found = await db.query<{ id: string }>(
          'select id from app.movements where id = any($1::uuid[])',
          [before],
        );
        expect(found.rows.length).toBe(before.length);
        const ledgers = await db.query<{ credit: string; ledger: string; entries: number }>(
          `select c.available_credit::text as credit,
                coalesce((select sum(l.amount) from app.credit_ledger l where l.client_id = c.id), 0)::text as ledger,
                (select count(*) from app.credit_ledger l where l.client_id = c.id)::int as entries
           from app.clients c where c.merchant_id = $1`,
          [merchant.id],
        );
        expect(ledgers.rows).toHaveLength(members.length);
        for (const row of ledgers.rows) {
          expect(row.entries).toBeGreaterThan(0);
          expect(cents(row.credit)).toBe(cents(row.ledger));
        }

        expect((await download(restored, `loghi/${logoPath}`)).equals(logoBytes)).toBe(true);
        expect((await download(restored, `operatori/${photoPath}`)).equals(photoBytes)).toBe(true);
        const catalogued = await db.query<{ name: string }>(
          "select name from storage.objects where bucket_id = 'operatori' and name like '%/prova.png'",
        );
        for (const row of catalogued.rows) await download(restored, `operatori/${row.name}`);

        const signIn = await restored.client().auth.signInWithPassword({
          email: owner.email,
          password: 'password123',
        });
        expect(signIn.error).toBeNull();
        const asOwner = restored.client({ accessToken: signIn.data.session!.access_token });
        expect(((await asOwner.rpc('whoami')).data as { merchant: { id: string } }).merchant.id).toBe(
          merchant.id,
        );
        // A session issued before the backup still holds: the JWT secret came back too.
        const withOldToken = await restored.client({ accessToken: oldToken }).rpc('whoami');
        expect((withOldToken.data as { user_id: string }).user_id).toBe(owner.userId);
      } finally {
        await restored?.stop();
        if (sourceRunning) await source.stop();
      }
    },
  );

  it(
    'answers on the admin socket only to the service_role key, and refuses to restore over data',
    { timeout: 120_000 },
    async () => {
      const dataDir = temporaryFolder();
      const server = await startPersisted(dataDir);
      try {
        const socket = adminSocketPath(dataDir);
        expect(() => adminSocketPath(join(dataDir, 'x'.repeat(120)))).toThrow(/too long/);
        expect(statSync(socket).mode & 0o777).toBe(0o600);
        expect(await askSocket(socket, server.anonKey)).toBe(401);
        expect(await askSocket(socket, await server.token({ role: 'authenticated', sub: 'x' }))).toBe(401);
        expect(await askSocket(socket, 'not-a-token')).toBe(401);

        const backup = await runBackup({ dataDir, output: join(temporaryFolder(), 'copia.tar.gz') });
        expect(basename(backup.path)).toBe('copia.tar.gz');
        await expect(restoreBackup({ archive: backup.path, dataDir, force: true })).rejects.toThrow(
          /server is running/,
        );

        // An archive goes back only into the kind of database it came from, and leaves the folder empty.
        const elsewhere = temporaryFolder();
        await expect(
          restoreBackup({
            archive: backup.path,
            dataDir: elsewhere,
            databaseUrl:
              testDatabaseKind === 'postgres' ? undefined : 'postgres://nessuno@127.0.0.1:1/niente',
            force: true,
          }),
        ).rejects.toThrow(/DATABASE_URL to restore it/);
        expect(readdirSync(elsewhere)).toEqual([]);

        const occupied = temporaryFolder();
        writeFileSync(join(occupied, 'note.txt'), 'x');
        const target = await freshDatabase();
        await expect(
          restoreBackup({ archive: backup.path, dataDir: occupied, databaseUrl: target }),
        ).rejects.toThrow(/not empty/);
        expect(existsSync(join(occupied, 'pglite'))).toBe(false);
        if (target) {
          const used = temporaryFolder();
          await restoreBackup({ archive: backup.path, dataDir: used, databaseUrl: target });
          await expect(
            restoreBackup({ archive: backup.path, dataDir: temporaryFolder(), databaseUrl: target }),
          ).rejects.toThrow(/database is not empty/);
        }
      } finally {
        await server.stop();
      }
    },
  );

  // With no server on the folder, the backup opens PGlite itself (PostgreSQL is always reached by URL).
  it.skipIf(testDatabaseKind === 'postgres')(
    'backs up a stopped server directly',
    { timeout: 120_000 },
    async () => {
      const dataDir = temporaryFolder();
      const server = await startPersisted(dataDir);
      const admin = await createAdmin(server);
      await server.stop();
      expect(existsSync(adminSocketPath(dataDir))).toBe(false);

      const backup = await runBackup({ dataDir, output: temporaryFolder() });
      expect(backup.via).toBe('direct');
      const restoredDir = temporaryFolder();
      expect((await restoreBackup({ archive: backup.path, dataDir: restoredDir })).users).toBe(1);
      const restored = await startPersisted(restoredDir);
      try {
        const { rows } = await restored.server.context.db.query('select 1 from auth.users where id = $1', [
          admin.userId,
        ]);
        expect(rows).toHaveLength(1);
      } finally {
        await restored.stop();
      }
    },
  );

  it('keeps stored files removed during a backup until the backup releases them', async () => {
    const store = FileStore.open(temporaryFolder());
    const version = store.newVersion();
    await store.write(version, Buffer.from('foto'));
    const release = await holdRemovals(store.root);
    await store.remove(version);
    expect(await store.size(version)).toBe(4);
    await release();
    expect(await store.size(version)).toBeUndefined();
  });
});
