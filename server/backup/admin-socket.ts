import { chmod, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { ServerContext } from '../context.ts';
import { bearerToken } from '../jwt/bearer-token.ts';
import { verifyJwt } from '../jwt/jwt.ts';
import { BackupError } from './pg-tools.ts';
import { takeSnapshot } from './snapshot.ts';

/** Unix socket paths are limited to 104 bytes on macOS, 108 on Linux. */
const longestSocketPath = 103;

/** The server's admin endpoint: a unix socket in DATA_DIR, never on the network. */
export function adminSocketPath(dataDir: string): string {
  const path = join(resolve(dataDir), 'admin.sock');
  if (Buffer.byteLength(path) > longestSocketPath) {
    throw new BackupError(`DATA_DIR is too long a path for the admin socket (${path}): use a shorter one`);
  }
  return path;
}

/** Whether a server answers on this socket (a stale file from a killed process does not). */
export function socketIsLive(path: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.end();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

function send(response: ServerResponse, status: number, message: string) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
}

/**
 * `POST /backup` on DATA_DIR/admin.sock (mode 600), with the service_role key as bearer: streams a
 * backup archive of the running server's database and files. Only this process can snapshot PGlite,
 * which it holds open; the socket keeps the endpoint off every network interface and proxy.
 */
export async function openAdminSocket(context: ServerContext): Promise<{ close(): Promise<void> }> {
  const path = adminSocketPath(context.config.dataDir);
  if (await socketIsLive(path)) {
    console.warn(`Another server answers on ${path}: backups go through it, not through this process.`);
    return { close: async () => undefined };
  }
  await rm(path, { force: true });

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || request.url !== '/backup') return send(response, 404, 'Not found');
      const token = bearerToken(request.headers) ?? '';
      const verified = await verifyJwt(token, context.keys.jwtSecret);
      if (!verified.ok || verified.claims.role !== 'service_role') {
        return send(response, 401, 'The service_role key is required');
      }
      let snapshot;
      try {
        snapshot = await takeSnapshot({
          dataDir: context.config.dataDir,
          databaseUrl: context.config.databaseUrl,
          db: context.db,
        });
      } catch (error) {
        return send(response, 500, error instanceof Error ? error.message : String(error));
      }
      try {
        response.writeHead(200, {
          'content-type': 'application/gzip',
          'x-backup-manifest': JSON.stringify(snapshot.manifest),
        });
        await snapshot.writeTo(response);
      } catch (error) {
        console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
        response.destroy(error as Error);
      } finally {
        await snapshot.dispose();
      }
    })();
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(path, () => listening());
  });
  await chmod(path, 0o600);
  return {
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }).then(() => rm(path, { force: true })),
  };
}
