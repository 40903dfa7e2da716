import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../support/test-server.ts';

const fixtures = new URL('../fixtures/storage-migrations', import.meta.url).pathname;

describe('storage objects through supabase-js, authorised by RLS on storage.objects', () => {
  let server: TestServer;
  const alice = randomUUID();
  const bob = randomUUID();
  let asAlice: TestClient;
  let asBob: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [fixtures] });
    const user = async (sub: string) =>
      server.client({
        accessToken: await server.token({ sub, role: 'authenticated', aud: 'authenticated' }),
      });
    asAlice = await user(alice);
    asBob = await user(bob);
  });
  afterAll(() => server?.stop());

  it('uploads into the own folder and downloads the same bytes with their type', async () => {
    const uploaded = await asAlice.storage
      .from('documents')
      .upload(`${alice}/listino.txt`, 'Manicure 25 €', { contentType: 'text/plain' });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({
      path: `${alice}/listino.txt`,
      fullPath: `documents/${alice}/listino.txt`,
    });
    expect(uploaded.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const downloaded = await asAlice.storage.from('documents').download(`${alice}/listino.txt`);
    expect(downloaded.error).toBeNull();
    expect(await downloaded.data?.text()).toBe('Manicure 25 €');
    expect(downloaded.data?.type).toBe('text/plain');
  });

  it('keeps the type and cache-control of a multipart upload', async () => {
    const blob = new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'application/pdf' });
    const uploaded = await asAlice.storage
      .from('documents')
      .upload(`${alice}/contratto.pdf`, blob, { cacheControl: '60' });
    expect(uploaded.error).toBeNull();

    const response = await fetch(`${server.url}/storage/v1/object/documents/${alice}/contratto.pdf`, {
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${await server.token({ sub: alice, role: 'authenticated' })}`,
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4]));
  });

  it('describes an object with info(), its metadata an empty object when none was given', async () => {
    const bucket = asAlice.storage.from('documents');
    expect(
      (await bucket.upload(`${alice}/senza-metadati.txt`, 'a', { contentType: 'text/plain' })).error,
    ).toBeNull();
    const plain = await bucket.info(`${alice}/senza-metadati.txt`);
    expect(plain.error).toBeNull();
    expect(plain.data).toMatchObject({
      name: `${alice}/senza-metadati.txt`,
      size: 1,
      contentType: 'text/plain',
    });
    expect(plain.data?.metadata).toEqual({});

    const tagged = `${alice}/con-metadati.txt`;
    expect(
      (await bucket.upload(tagged, 'b', { contentType: 'text/plain', metadata: { cliente: 'Anna' } })).error,
    ).toBeNull();
    expect((await bucket.info(tagged)).data?.metadata).toEqual({ cliente: 'Anna' });
  });

  it("refuses an upload into another user's folder and an anonymous one", async () => {
    const intruder = await asBob.storage.from('documents').upload(`${alice}/intruso.txt`, 'no');
    expect(intruder.error).toMatchObject({ status: 400, statusCode: '403' });
    expect(intruder.error?.message).toMatch(/row-level security/);

    const anonymous = await server.client().storage.from('documents').upload(`${alice}/anonimo.txt`, 'no');
    expect(anonymous.error).toMatchObject({ status: 400, statusCode: '403' });

    const listed = await asAlice.storage.from('documents').list(alice);
    expect(listed.data?.map((entry) => entry.name)).not.toContain('intruso.txt');
  });

  it("hides another user's objects from download, info, exists and signing", async () => {
    const hidden = await asBob.storage.from('documents').download(`${alice}/listino.txt`);
    expect(hidden.error).toMatchObject({ statusCode: '404' });
    expect((await asBob.storage.from('documents').exists(`${alice}/listino.txt`)).data).toBe(false);
    expect((await asAlice.storage.from('documents').exists(`${alice}/listino.txt`)).data).toBe(true);
    const signed = await asBob.storage.from('documents').createSignedUrl(`${alice}/listino.txt`, 60);
    expect(signed.error).toMatchObject({ statusCode: '404' });
  });

  it('refuses a duplicate upload and replaces on upsert and update', async () => {
    const path = `${alice}/orari.txt`;
    const documents = asAlice.storage.from('documents');
    expect((await documents.upload(path, 'lun-ven')).error).toBeNull();

    const duplicate = await documents.upload(path, 'sab');
    expect(duplicate.error).toMatchObject({ status: 400, statusCode: '409' });

    expect((await documents.upload(path, 'lun-sab', { upsert: true })).error).toBeNull();
    expect(await (await documents.download(path)).data?.text()).toBe('lun-sab');

    expect((await documents.update(path, 'sempre aperto')).error).toBeNull();
    expect(await (await documents.download(path)).data?.text()).toBe('sempre aperto');

    const bobUpdate = await asBob.storage.from('documents').update(path, 'di Bob');
    expect(bobUpdate.error).toMatchObject({ statusCode: '403' });
    expect(await (await documents.download(path)).data?.text()).toBe('sempre aperto');
  });

  it('lists direct children with folders, relative names and metadata', async () => {
    const documents = asAlice.storage.from('documents');
    await documents.upload(`${alice}/foto/uno.txt`, '1');
    await documents.upload(`${alice}/foto/due.txt`, '2');
    const listed = await documents.list(alice);
    expect(listed.error).toBeNull();
    const names = listed.data!.map((entry) => entry.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['foto', 'listino.txt', 'orari.txt']));
    const folder = listed.data!.find((entry) => entry.name === 'foto');
    expect(folder).toMatchObject({ id: null, metadata: null });
    const file = listed.data!.find((entry) => entry.name === 'listino.txt');
    expect(file?.metadata).toMatchObject({
      mimetype: 'text/plain',
      size: Buffer.byteLength('Manicure 25 €'),
    });

    expect((await documents.list(`${alice}/foto`)).data!.map((entry) => entry.name)).toEqual([
      'due.txt',
      'uno.txt',
    ]);
    expect((await asBob.storage.from('documents').list(alice)).data).toEqual([]);
  });

  it('moves and copies within the own folder only', async () => {
    const documents = asAlice.storage.from('documents');
    await documents.upload(`${alice}/bozza.txt`, 'bozza');
    expect((await documents.move(`${alice}/bozza.txt`, `${alice}/finale.txt`)).error).toBeNull();
    expect((await documents.exists(`${alice}/bozza.txt`)).data).toBe(false);
    expect(await (await documents.download(`${alice}/finale.txt`)).data?.text()).toBe('bozza');

    const copied = await documents.copy(`${alice}/finale.txt`, `${alice}/copia.txt`);
    expect(copied.error).toBeNull();
    expect(await (await documents.download(`${alice}/copia.txt`)).data?.text()).toBe('bozza');

    const stolen = await asBob.storage.from('documents').copy(`${alice}/finale.txt`, `${bob}/rubata.txt`);
    expect(stolen.error).toMatchObject({ statusCode: '404' });
    const pushed = await documents.move(`${alice}/finale.txt`, `${bob}/regalo.txt`);
    expect(pushed.error).toMatchObject({ statusCode: '403' });
  });

  it('removes many objects at once, skipping those the caller may not delete', async () => {
    const documents = asAlice.storage.from('documents');
    await documents.upload(`${alice}/a.txt`, 'a');
    await documents.upload(`${alice}/b.txt`, 'b');

    const byBob = await asBob.storage.from('documents').remove([`${alice}/a.txt`]);
    expect(byBob.error).toBeNull();
    expect(byBob.data).toEqual([]);

    const removed = await documents.remove([`${alice}/a.txt`, `${alice}/b.txt`, `${alice}/mai-esistito.txt`]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((row) => row.name).sort()).toEqual([`${alice}/a.txt`, `${alice}/b.txt`]);
    const gone = await documents.download(`${alice}/a.txt`);
    expect(gone.error).toMatchObject({ statusCode: '404' });
    expect((await documents.exists(`${alice}/b.txt`)).data).toBe(false);
  });

  it('serves a signed URL without credentials, and only for its object and lifetime', async () => {
    const signed = await asAlice.storage.from('documents').createSignedUrl(`${alice}/listino.txt`, 60);
    expect(signed.error).toBeNull();
    const response = await fetch(signed.data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('Manicure 25 €');

    const token = new URL(signed.data!.signedUrl).searchParams.get('token');
    const otherObject = await fetch(
      `${server.url}/storage/v1/object/sign/documents/${alice}/copia.txt?token=${token}`,
    );
    expect(otherObject.status).toBe(400);
    expect(await otherObject.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });

    const { signJwt } = await import('../../../server/jwt/jwt.ts');
    const expired = await signJwt({ url: `documents/${alice}/listino.txt` }, server.jwtSecret, -10);
    const late = await fetch(
      `${server.url}/storage/v1/object/sign/documents/${alice}/listino.txt?token=${expired}`,
    );
    expect(late.status).toBe(400);

    const many = await asAlice.storage
      .from('documents')
      .createSignedUrls([`${alice}/listino.txt`, `${alice}/nessuno.txt`], 60);
    expect(many.data?.[0]).toMatchObject({ error: null, path: `${alice}/listino.txt` });
    expect(many.data?.[1]?.error).toMatch(/does not exist/);
  });

  it("answers a missing token or a body of the wrong shape with storage-api's InvalidRequest", async () => {
    const withoutToken = await fetch(`${server.url}/storage/v1/object/sign/documents/${alice}/listino.txt`);
    expect(withoutToken.status).toBe(400);
    expect(await withoutToken.json()).toEqual({
      statusCode: '400',
      code: 'InvalidRequest',
      error: 'Invalid Input',
      message: "querystring must have required property 'token'",
    });

    const headers = {
      apikey: server.anonKey,
      authorization: `Bearer ${await server.token({ sub: alice, role: 'authenticated' })}`,
      'content-type': 'application/json',
    };
    const sign = (body: string) =>
      fetch(`${server.url}/storage/v1/object/sign/documents/${alice}/listino.txt`, {
        method: 'POST',
        headers,
        body,
      });
    for (const [body, message] of [
      ['{"expiresIn": "60"}', 'body/expiresIn must be integer'],
      ['{"expiresIn": 0}', 'body/expiresIn must be >= 1'],
      ['{}', "body must have required property 'expiresIn'"],
      ['{"expiresIn": ', 'Invalid JSON body'],
    ]) {
      const response = await sign(body!);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(await response.json()).toMatchObject({ code: 'InvalidRequest', message });
    }

    const listed = await fetch(`${server.url}/storage/v1/object/list/documents`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ prefix: alice }),
    });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { name: string }[]).length).toBeGreaterThan(0);
  });

  it('refuses requests without a valid token with AccessDenied', async () => {
    const response = await fetch(`${server.url}/storage/v1/object/documents/${alice}/listino.txt`, {
      headers: { authorization: 'Bearer not-a-jwt' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
    });
  });
});
