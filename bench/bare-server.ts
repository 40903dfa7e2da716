// A bare node:http server for the benchmark: no routing, no hooks, no JWT; each POST /<name> runs that
// read's floor (the same statements) and answers its rows as JSON, compressed as server/ compresses (gzip
// or brotli 4 above 1 KB, when the caller accepts it), so the caller receives and inflates the same bytes.
// What a call through server/ costs beyond it is the server's own.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type Handler = () => Promise<unknown>;

/** The body and its headers as server/app.ts's compression would send them. */
function encoded(request: IncomingMessage, json: string) {
  const body = Buffer.from(json);
  const accepted = request.headers['accept-encoding'] ?? '';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (body.length < 1024) return { headers, body };
  if (/\bbr\b/.test(accepted))
    return {
      headers: { ...headers, 'content-encoding': 'br' },
      body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    };
  if (/\bgzip\b/.test(accepted))
    return { headers: { ...headers, 'content-encoding': 'gzip' }, body: gzipSync(body) };
  return { headers, body };
}

export interface BareServer {
  url: string;
  /** Registers the statements answered at POST /<name>. */
  route(name: string, handler: Handler): void;
  /** A call as a browser would send it: POST with a JSON body, the JSON answer read whole. */
  call(name: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function startBareServer(): Promise<BareServer> {
  const handlers = new Map<string, Handler>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const handler = handlers.get(decodeURIComponent(request.url!.slice(1)));
      if (!handler) {
        response.writeHead(404).end();
        return;
      }
      handler().then(
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
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    route: (name, handler) => handlers.set(name, handler),
    call: async (name) => {
      const response = await fetch(`${url}/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (response.status !== 200) throw new Error(`bare ${name}: ${response.status}`);
      return response.json();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
