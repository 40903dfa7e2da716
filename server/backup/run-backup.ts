import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openPglite } from '../db/pglite.ts';
import { createKeys } from '../jwt/keys.ts';
import { adminSocketPath, socketIsLive } from './admin-socket.ts';
import { archiveName, type BackupManifest } from './archive-layout.ts';
import { BackupError } from './pg-tools.ts';
import { verifyArchive } from './read-archive.ts';
import { takeSnapshot, type BackupSource } from './snapshot.ts';

export interface BackupOptions {
  dataDir: string;
  databaseUrl?: string;
  /** JWT_SECRET when the server is given one; otherwise DATA_DIR/jwt-secret is read. */
  jwtSecret?: string;
  /** A folder (the archive gets a dated name in it) or a path ending in .tar.gz. */
  output: string;
  now?: Date;
}

export interface BackupResult {
  path: string;
  manifest: BackupManifest;
  /** 'server': through the running server's admin socket; 'direct': no server was running. */
  via: 'server' | 'direct';
}

async function serviceRoleKey(options: BackupOptions): Promise<string> {
  const secret =
    options.jwtSecret ?? (await readFile(join(options.dataDir, 'jwt-secret'), 'utf8').catch(() => '')).trim();
  if (!secret) throw new BackupError('No JWT secret: set JWT_SECRET as the server has it');
  return (await createKeys(secret)).serviceRoleKey;
}

/** Asks the running server for the archive over its admin socket. */
async function fromServer(socketPath: string, key: string, destination: Writable): Promise<void> {
  const response = await new Promise<IncomingMessage>((answered, failed) => {
    const outgoing = request({
      socketPath,
      method: 'POST',
      path: '/backup',
      headers: { authorization: `Bearer ${key}` },
    });
    outgoing.once('response', answered);
    outgoing.once('error', failed);
    outgoing.end();
  });
  if (response.statusCode !== 200) {
    let body = '';
    for await (const chunk of response) body += String(chunk);
    const message = (() => {
      try {
        return (JSON.parse(body) as { message?: string }).message ?? body;
      } catch {
        return body;
      }
    })();
    throw new BackupError(`The server refused the backup (${response.statusCode}): ${message}`);
  }
  await pipeline(response, destination);
}

/** With no server running, the backup opens the database itself. */
async function directly(options: BackupOptions, destination: Writable): Promise<void> {
  const source: BackupSource = { dataDir: options.dataDir, databaseUrl: options.databaseUrl };
  if (!options.databaseUrl) {
    const folder = join(options.dataDir, 'pglite');
    if (!existsSync(join(folder, 'PG_VERSION'))) throw new BackupError(`No database in ${folder}`);
    source.db = await openPglite(folder);
  }
  try {
    const snapshot = await takeSnapshot(source);
    try {
      await snapshot.writeTo(destination);
    } finally {
      await snapshot.dispose();
    }
  } finally {
    await source.db?.close();
  }
}

/**
 * Writes one dated archive (mode 600) of the database, the stored files and the JWT secret, through
 * the running server when there is one, then reads it back whole before giving it its final name.
 */
export async function runBackup(options: BackupOptions): Promise<BackupResult> {
  const output = resolve(options.output);
  const path = output.endsWith('.tar.gz') ? output : join(output, archiveName(options.now ?? new Date()));
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const partial = `${path}.partial`;
  const file = await open(partial, 'wx', 0o600);
  const destination = file.createWriteStream();
  try {
    const socket = adminSocketPath(options.dataDir);
    const live = await socketIsLive(socket);
    if (live) await fromServer(socket, await serviceRoleKey(options), destination);
    else await directly(options, destination);
    const manifest = await verifyArchive(partial);
    await rename(partial, path);
    return { path, manifest, via: live ? 'server' : 'direct' };
  } catch (error) {
    destination.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}
