import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../support/realtime.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const fixtures = new URL('../fixtures/storage-migrations', import.meta.url).pathname;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let bit = 0; bit < 8; bit += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/** A black 1-bit PNG of `side` × `side` pixels: a few tens of KB that decode into `side`² pixels. */
function decompressionBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Sends an upload's headers and only the first KB of its body, then waits for the answer: one that
 * arrives proves the server decided without reading (let alone decoding) the body.
 */
function answerToHalfSentUpload(url: string, path: string, headers: Record<string, string>, body: Buffer) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (data) => (received += data.toString()));
  socket.on('error', () => undefined);
  const head = Object.entries({ host: 'localhost', 'content-length': String(body.length), ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
  socket.write(body.subarray(0, 1024));
  const answered = new Promise<{ status: number; body: Record<string, string> }>((resolve) => {
    socket.on('data', () => {
      const [top = '', text = ''] = received.split('\r\n\r\n');
      if (!text.endsWith('}')) return;
      resolve({ status: Number(top.split(' ')[1]), body: JSON.parse(text) as Record<string, string> });
    });
  });
  return within(answered, 5_000, 'an answer before the body was sent').finally(() => socket.destroy());
}

describe('uploads are authorised before their body is read or decoded', () => {
  let server: TestServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'passaparola-upload-guard-'));
  const alice = randomUUID();
  const bob = randomUUID();
  let aliceToken: string;
  const bomb = decompressionBomb(16_000);
  const storedFiles = () => readdirSync(join(dataDir, 'storage'));

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [fixtures], config: { dataDir } });
    aliceToken = await server.token({ sub: alice, role: 'authenticated', aud: 'authenticated' });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds a real bomb: a few tens of KB declaring 16000 × 16000 pixels', () => {
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(bomb.readUInt32BE(16)).toBe(16_000);
  });

  it.each([
    { who: 'an anonymous caller', authorization: () => `Bearer ${server.anonKey}` },
    { who: 'a caller without a token', authorization: () => undefined },
    { who: 'a user writing into another user’s folder', authorization: () => `Bearer ${aliceToken}` },
  ])('refuses $who with 403 before the body has arrived', async ({ authorization }) => {
    const value = authorization();
    const answer = await answerToHalfSentUpload(
      server.url,
      `/storage/v1/object/documents/${bob}/bomb.png`,
      { apikey: server.anonKey, 'content-type': 'image/png', ...(value ? { authorization: value } : {}) },
      bomb,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a body declared larger than the size cap before reading it', async () => {
    const answer = await answerToHalfSentUpload(
      server.url,
      `/storage/v1/object/documents/${alice}/huge.bin`,
      {
        apikey: server.anonKey,
        authorization: `Bearer ${aliceToken}`,
        'content-type': 'application/octet-stream',
        'content-length': String(50 * 1024 * 1024),
      },
      bomb,
    );
    expect(answer.body).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
  });

  it('refuses an authorised bomb from its header with a 4xx naming the pixels, and stores nothing', async () => {
    const response = await fetch(`${server.url}/storage/v1/object/documents/${alice}/bomb.png`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${aliceToken}`, 'content-type': 'image/png' },
      body: new Uint8Array(bomb),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, string>;
    expect(body).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect(body.message).toContain('16000 × 16000');
    const { rows } = await server.server.context.db.query(`select name from storage.objects`);
    expect(rows).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('still takes the same user’s ordinary image, and a replacement of it (upsert asks the update policy)', async () => {
    const small = decompressionBomb(64);
    for (const method of ['POST', 'PUT']) {
      const response = await fetch(`${server.url}/storage/v1/object/documents/${alice}/small.png`, {
        method,
        headers: {
          apikey: server.anonKey,
          authorization: `Bearer ${aliceToken}`,
          'content-type': 'image/png',
        },
        body: new Uint8Array(small),
      });
      expect(response.status, method).toBe(200);
    }
    const { rows } = await server.server.context.db.query(`select name from storage.objects`);
    expect(rows).toEqual([{ name: `${alice}/small.png` }]);
    expect(storedFiles()).toHaveLength(1);
  });
});
