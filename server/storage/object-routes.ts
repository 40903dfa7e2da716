import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkDeclaredSize, checkUploadLimits, findBucket, type Bucket } from './buckets.ts';
import { asCaller, callerOf, type Caller } from './caller.ts';
import { normaliseImage } from './images.ts';
import { objectParams } from './route-schemas.ts';
import { checkBucketId, checkObjectKey } from './object-key.ts';
import { objectColumns, sendObject, type StoredObject } from './send-object.ts';
import type { StorageContext } from './storage-context.ts';
import { accessDenied, noSuchBucket, noSuchKey } from './storage-error.ts';
import { checkCanUpload, insertObject } from './upload-permission.ts';
import { readUploadBody } from './upload-body.ts';

type ObjectRequest = FastifyRequest<{
  Params: { bucket: string; '*': string };
  Querystring: { download?: string };
}>;

/** Where the object is, and `download` (a file name, or empty for the object's own) for a GET. */
const objectSchema = {
  params: objectParams,
  querystring: { type: 'object', properties: { download: { type: 'string' } } },
};

const objectPath = (request: ObjectRequest) => ({
  bucketId: checkBucketId(request.params.bucket),
  key: checkObjectKey(request.params['*']),
});

/** The object endpoints storage-js calls, each performed on storage.objects as the caller. */
export function objectRoutes(app: FastifyInstance, { db, store, settings, jwtSecret }: StorageContext) {
  const isUpsert = (request: ObjectRequest) =>
    request.method === 'PUT' || request.headers['x-upsert'] === 'true';
  const authorisedUploads = new WeakMap<FastifyRequest, { caller: Caller; bucket: Bucket }>();

  /**
   * Before the body is read: the caller, the bucket, the declared size, and the policies (a rolled-back
   * insert as the caller). A refused upload costs no parsing and no image decoding.
   */
  async function authoriseUpload(request: ObjectRequest) {
    const { bucketId, key } = objectPath(request);
    const caller = await callerOf(request, jwtSecret);
    const bucket = await findBucket(db, bucketId);
    checkDeclaredSize(bucket, settings.file_size_limit, request.headers['content-length']);
    await checkCanUpload(db, caller, { bucketId, key }, isUpsert(request));
    authorisedUploads.set(request, { caller, bucket });
  }

  async function upload(request: ObjectRequest) {
    const { bucketId, key } = objectPath(request);
    const authorised = authorisedUploads.get(request);
    if (!authorised) throw accessDenied();
    const { caller, bucket } = authorised;
    const upsert = isUpsert(request);
    const body = await readUploadBody(request);
    checkUploadLimits(bucket, settings.file_size_limit, body.bytes.length, body.mimetype);
    const bytes = await normaliseImage(body.bytes, body.mimetype);
    const previous = upsert
      ? (
          await db.query<{ id: string; version: string | null }>(
            'select id, version from storage.objects where bucket_id = $1 and name = $2',
            [bucketId, key],
          )
        ).rows[0]
      : undefined;
    const id = randomUUID();
    const version = store.newVersion();
    const metadata = {
      eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
      size: bytes.length,
      mimetype: body.mimetype,
      cacheControl: body.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: bytes.length,
      httpStatusCode: 200,
    };
    await store.write(version, bytes);
    try {
      await asCaller(db, caller, 'upload', (tx) =>
        insertObject(
          tx,
          caller,
          { id, bucketId, key, metadata, userMetadata: body.userMetadata, version },
          upsert,
        ),
      );
    } catch (error) {
      await store.remove(version);
      throw error;
    }
    if (previous) await store.remove(previous.version);
    return { Id: previous?.id ?? id, Key: `${bucketId}/${key}` };
  }

  const uploadOptions = { onRequest: authoriseUpload, schema: { params: objectParams } };
  app.post('/object/:bucket/*', uploadOptions, upload);
  app.put('/object/:bucket/*', uploadOptions, upload);

  async function download(request: ObjectRequest, reply: FastifyReply) {
    const { bucketId, key } = objectPath(request);
    const caller = await callerOf(request, jwtSecret);
    const { rows } = await asCaller(db, caller, 'get', (tx) =>
      tx.query<StoredObject>(
        `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`,
        [bucketId, key],
      ),
    );
    return sendObject(reply, store, rows[0], request.query.download);
  }
  app.get('/object/:bucket/*', { schema: objectSchema }, download);
  app.get('/object/authenticated/:bucket/*', { schema: objectSchema }, download);

  app.get('/object/public/:bucket/*', { schema: objectSchema }, async (request: ObjectRequest, reply) => {
    const { bucketId, key } = objectPath(request);
    const bucket = await findBucket(db, bucketId);
    if (!bucket.public) throw noSuchBucket();
    const { rows } = await db.query<StoredObject>(
      `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, key],
    );
    return sendObject(reply, store, rows[0], request.query.download);
  });

  app.get('/object/info/:bucket/*', { schema: { params: objectParams } }, async (request: ObjectRequest) => {
    const { bucketId, key } = objectPath(request);
    const caller = await callerOf(request, jwtSecret);
    const { rows } = await asCaller(db, caller, 'info', (tx) =>
      tx.query(
        `select id, name, version, bucket_id, metadata -> 'size' as size,
                metadata ->> 'mimetype' as content_type, metadata ->> 'cacheControl' as cache_control,
                metadata ->> 'eTag' as etag, coalesce(user_metadata, '{}'::jsonb) as metadata, updated_at as last_modified, created_at
           from storage.objects where bucket_id = $1 and name = $2`,
        [bucketId, key],
      ),
    );
    if (!rows[0]) throw noSuchKey();
    return rows[0];
  });
}
