import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSupabaseToml } from '../../../server/config.ts';
import { startTestServer, type TestClient, type TestServer } from '../../support/test-server.ts';

const fixtures = new URL('../fixtures/storage-migrations', import.meta.url).pathname;

/** Sends a request with the path exactly as written, as no URL-normalising client would. */
function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('storage limits, public buckets, images and paths', () => {
  let server: TestServer;
  const alice = randomUUID();
  let asAlice: TestClient;

  beforeAll(async () => {
    const toml = readSupabaseToml();
    server = await startTestServer({
      migrationFolders: [fixtures],
      config: {
        toml: {
          ...toml,
          storage: {
            file_size_limit: '1MiB',
            buckets: {
              logos: {
                public: true,
                file_size_limit: '100KiB',
                allowed_mime_types: ['image/png', 'image/jpeg'],
              },
            },
          },
        },
      },
    });
    asAlice = server.client({
      accessToken: await server.token({ sub: alice, role: 'authenticated', aud: 'authenticated' }),
    });
  });
  afterAll(() => server?.stop());

  it('creates the buckets config.toml declares, with their settings', async () => {
    const { rows } = await server.server.context.db.query(
      "select public, file_size_limit::int as file_size_limit, allowed_mime_types from storage.buckets where id = 'logos'",
    );
    expect(rows).toEqual([
      { public: true, file_size_limit: 100 * 1024, allowed_mime_types: ['image/png', 'image/jpeg'] },
    ]);
  });

  it('resizes an uploaded image to at most 512 px and strips its metadata', async () => {
    const original = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c08' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Salone Bella', Artist: 'Anna' } })
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const uploaded = await asAlice.storage
      .from('logos')
      .upload(`${alice}/logo.jpg`, original, { contentType: 'image/jpeg' });
    expect(uploaded.error).toBeNull();

    const publicUrl = asAlice.storage.from('logos').getPublicUrl(`${alice}/logo.jpg`).data.publicUrl;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const stored = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 512, height: 341 });
    expect(stored.exif).toBeUndefined();
  });

  it('serves public buckets only, without a token', async () => {
    const missing = await fetch(`${server.url}/storage/v1/object/public/logos/${alice}/nessuno.png`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });

    await asAlice.storage.from('documents').upload(`${alice}/privato.txt`, 'riservato');
    const privateBucket = await fetch(
      `${server.url}/storage/v1/object/public/documents/${alice}/privato.txt`,
    );
    expect(privateBucket.status).toBe(400);
    expect(await privateBucket.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });

  it('refuses anonymous writes into a public bucket', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const anonymous = await server
      .client()
      .storage.from('logos')
      .upload(`${alice}/anonimo.png`, png, { contentType: 'image/png' });
    expect(anonymous.error).toMatchObject({ status: 400, statusCode: '403' });
  });

  it("enforces the bucket's size limit and allowed types", async () => {
    const tooBig = await asAlice.storage
      .from('logos')
      .upload(`${alice}/enorme.png`, Buffer.alloc(150 * 1024, 1), { contentType: 'image/png' });
    expect(tooBig.error).toMatchObject({ status: 400, statusCode: '413' });

    const wrongType = await asAlice.storage
      .from('logos')
      .upload(`${alice}/logo.txt`, 'testo', { contentType: 'text/plain' });
    expect(wrongType.error).toMatchObject({ status: 400, statusCode: '415' });

    // As on Supabase, parameters are not stripped: a string upload's default type is not text/plain.
    const defaultType = await asAlice.storage.from('notes').upload(`${alice}/nota.txt`, 'ciao');
    expect(defaultType.error).toMatchObject({ statusCode: '415' });
    const plain = await asAlice.storage
      .from('notes')
      .upload(`${alice}/nota.txt`, 'ciao', { contentType: 'text/plain' });
    expect(plain.error).toBeNull();
    const longNote = await asAlice.storage
      .from('notes')
      .upload(`${alice}/lunga.txt`, 'x'.repeat(65), { contentType: 'text/plain' });
    expect(longNote.error).toMatchObject({ statusCode: '413' });
  });

  it('enforces the global size limit on buckets without their own', async () => {
    const huge = await asAlice.storage
      .from('documents')
      .upload(`${alice}/enorme.bin`, Buffer.alloc(1536 * 1024, 7), {
        contentType: 'application/octet-stream',
      });
    expect(huge.error).toMatchObject({ status: 400, statusCode: '413' });
  });

  it('lets no path escape the storage folder', async () => {
    const headers = {
      apikey: server.anonKey,
      authorization: `Bearer ${server.serviceRoleKey}`,
      'content-type': 'text/plain',
    };
    const attempts = [
      `/storage/v1/object/documents/${alice}/../../../evasione.txt`,
      `/storage/v1/object/documents/${alice}/%2e%2e/%2e%2e/evasione.txt`,
      `/storage/v1/object/documents/${alice}%2F..%2F..%2Fevasione.txt`,
      `/storage/v1/object/documents/..%2F..%2F..%2Fevasione.txt`,
      `/storage/v1/object/documents/${alice}/evasione%00.txt`,
      `/storage/v1/object/documents//tmp/evasione.txt`,
      `/storage/v1/object/..%2F..%2Ftmp/evasione.txt`,
      `/storage/v1/object/documents/${alice}\\..\\..\\evasione.txt`,
    ];
    for (const path of attempts) {
      const response = await rawRequest(server.url, 'POST', path, headers, 'fuori');
      expect(response.status, path).toBe(400);
      expect(JSON.parse(response.body), path).toMatchObject({
        statusCode: '400',
        code: expect.stringMatching(/^(InvalidKey|InvalidRequest)$/),
      });
    }
    const reads = [
      '/storage/v1/object/public/logos/..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/storage/v1/object/public/logos/../../../../../etc/passwd',
      '/storage/v1/object/documents/%2Fetc%2Fpasswd',
    ];
    for (const path of reads) {
      const response = await rawRequest(server.url, 'GET', path, headers);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.body, path).not.toContain('root:');
    }
    const { rows } = await server.server.context.db.query(
      "select name from storage.objects where name like '%evasione%'",
    );
    expect(rows).toEqual([]);
    expect(existsSync('/tmp/evasione.txt')).toBe(false);
    expect(readdirSync('/tmp').filter((name) => name.startsWith('evasione'))).toEqual([]);
  });
});
