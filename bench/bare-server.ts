// A bare node:http server for the benchmark: no routing, no hooks, no JWT; each POST runs a read's floor
// (the same statements) and answers its rows as JSON, compressed as server/ compresses (gzip or brotli 4
// above 1 KB, when the caller accepts it), so the caller receives and inflates the same bytes. What a call
// through server/ costs beyond it is the server's own.
// On PostgreSQL it runs as its own process, as server/ does (`node bench/bare-server.ts <database URL>`):
// the hop between two processes is paid by both. On PGlite, whose data folder belongs to one process, it
// runs in the process holding the database and answers the handlers registered with `route`.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Statement } from '../server/db/port.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { compressAbove } from '../server/app.ts';

type Handler = () => Promise<unknown>;

/** A floor's statements as one call sends them: the role and claims, then the function. */
export interface FloorCall {
  statements: Statement[];
  readOnly: boolean;
}

export interface BareServer {
  url: string;
  /** In process: registers the statements answered at POST /<name>. */
  route(name: string, handler: Handler): void;
  /** A call as a browser would send it: POST with a JSON body, the JSON answer read whole. */
  call(name: string, floor?: FloorCall): Promise<unknown>;
  close(): Promise<void>;
}

/** The body and its headers as server/app.ts's compression would send them. */
function encoded(request: IncomingMessage, json: string) {
  const body = Buffer.from(json);
  const accepted = request.headers['accept-encoding'] ?? '';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (body.length < compressAbove) return { headers, body };
  if (/\bbr\b/.test(accepted))
    return {
      headers: { ...headers, 'content-encoding': 'br' },
      body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    };
  if (/\bgzip\b/.test(accepted))
    return { headers: { ...headers, 'content-encoding': 'gzip' }, body: gzipSync(body) };
  return { headers, body };
}

/** A node:http server whose every POST is answered by `answer(request path, JSON body)`. */
async function listen(answer: (name: string, body: string) => Promise<unknown>): Promise<Server> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      answer(decodeURIComponent(request.url!.slice(1)), Buffer.concat(chunks).toString()).then(
        (result) => {
          const { headers, body } = encoded(request, JSON.stringify(result));
          response.writeHead(200, headers).end(body);
        },
        (error: unknown) => {
          response.writeHead(500).end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function caller(url: string) {
  return async (name: string, floor?: FloorCall) => {
    const response = await fetch(`${url}/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(floor ?? {}),
    });
    if (response.status !== 200) throw new Error(`bare ${name}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}

/** In this process: each name answered by its registered handler. */
export async function startBareServer(): Promise<BareServer> {
  const handlers = new Map<string, Handler>();
  const server = await listen(async (name) => {
    const handler = handlers.get(name);
    if (!handler) throw new Error(`no route ${name}`);
    return handler();
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    route: (name, handler) => handlers.set(name, handler),
    call: caller(url),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Its own process on a PostgreSQL database: each call carries its floor's statements. */
export async function startBareServerProcess(databaseUrl: string): Promise<BareServer> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), databaseUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  return {
    url,
    route: () => undefined,
    call: caller(url),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const db = await openPostgres(process.argv[2]!);
  const server = await listen(async (_name, body) => {
    const { statements, readOnly } = JSON.parse(body) as FloorCall;
    const results = await db.transactionOf(statements, { readOnly });
    return results.at(-1)!.rows;
  });
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => void db.close().then(() => process.exit(0)));
  });
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}
