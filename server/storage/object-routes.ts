import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkDeclaredSize, checkUploadLimits, findBucket, type Bucket } from './buckets.ts';
import { asCaller, callerOf, ownerUuid, type Caller } from './caller.ts';
import { normaliseImage } from './images.ts';
import { checkBucketId, checkObjectKey } from './object-key.ts';
import { objectColumns, sendObject, type StoredObject } from './send-object.ts';
import type { StorageContext } from './storage-context.ts';
import { accessDenied, noSuchBucket, noSuchKey } from './storage-error.ts';
import { jsonBody } from './json-body.ts';
import { checkCanUpload, insertObject } from './upload-permission.ts';
import { readUploadBody } from './upload-body.ts';

type ObjectRequest = FastifyRequest<{
  Params: { bucket: string; '*': string };
  Querystring: { download?: string };
}>;

const objectPath = (request: ObjectRequest) => ({
  bucketId: checkBucketId(request.params.bucket),
  key: checkObjectKey(request.params['*']),
});

const removeSchema = z.object({ prefixes: z.array(z.string()).min(1).max(1000) });
const listSchema = z.object({
  prefix: z.string().default(''),
  limit: z.number().int().min(1).max(1500).default(100),
  offset: z.number().int().min(0).default(0),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
  search: z.string().default(''),
});
const moveSchema = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().optional(),
});

/** The source and destination of a move or copy; the destination bucket defaults to the source's. */
function moveEndpoints(body: z.infer<typeof moveSchema>) {
  return {
    from: { bucketId: checkBucketId(body.bucketId), key: checkObjectKey(body.sourceKey) },
    to: {
      bucketId: checkBucketId(body.destinationBucket ?? body.bucketId),
      key: checkObjectKey(body.destinationKey),
    },
  };
}

interface ListedRow {
  name: string;
  id: string | null;
  updated_at: Date | string | null;
  created_at: Date | string | null;
  last_accessed_at: Date | string | null;
  metadata: unknown;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

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

  const uploadOptions = { onRequest: authoriseUpload };
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
  app.get('/object/:bucket/*', download);
  app.get('/object/authenticated/:bucket/*', download);

  app.get('/object/public/:bucket/*', async (request: ObjectRequest, reply) => {
    const { bucketId, key } = objectPath(request);
    const bucket = await findBucket(db, bucketId);
    if (!bucket.public) throw noSuchBucket();
    const { rows } = await db.query<StoredObject>(
      `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, key],
    );
    return sendObject(reply, store, rows[0], request.query.download);
  });

  app.get('/object/info/:bucket/*', async (request: ObjectRequest) => {
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

  app.delete('/object/:bucket', async (request: FastifyRequest<{ Params: { bucket: string } }>) => {
    const bucketId = checkBucketId(request.params.bucket);
    const { prefixes } = jsonBody(request, removeSchema);
    const caller = await callerOf(request, jwtSecret);
    const { rows } = await asCaller(db, caller, 'delete', (tx) =>
      tx.query<{ version: string | null }>(
        'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *',
        [bucketId, prefixes],
      ),
    );
    await Promise.all(rows.map((row) => store.remove(row.version)));
    return rows;
  });

  app.post('/object/list/:bucket', async (request: FastifyRequest<{ Params: { bucket: string } }>) => {
    const bucketId = checkBucketId(request.params.bucket);
    const options = jsonBody(request, listSchema);
    const caller = await callerOf(request, jwtSecret);
    const folder = options.prefix.replace(/^\/+|\/+$/g, '');
    const base = folder === '' ? '' : `${folder}/`;
    const { rows } = await asCaller(db, caller, 'list', (tx) =>
      tx.query<ListedRow>(
        `select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
          where bucket_id = $1 and name ilike $2 escape '\\'`,
        [bucketId, `${escapeLike(base)}%`],
      ),
    );
    const entries = new Map<string, ListedRow>();
    for (const row of rows) {
      const rest = row.name.slice(base.length);
      const slash = rest.indexOf('/');
      if (slash === -1) entries.set(rest, { ...row, name: rest });
      else if (!entries.has(rest.slice(0, slash))) {
        const name = rest.slice(0, slash);
        entries.set(name, {
          name,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        });
      }
    }
    const { column, order } = options.sortBy;
    const search = options.search.toLowerCase();
    const sortKey = (entry: ListedRow) =>
      column === 'name' ? entry.name : entry[column] ? new Date(entry[column]).toISOString() : '';
    return [...entries.values()]
      .filter((entry) => entry.name.toLowerCase().startsWith(search))
      .sort((a, b) => {
        const byColumn = sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0;
        return (order === 'asc' ? 1 : -1) * (byColumn || (a.name < b.name ? -1 : 1));
      })
      .slice(options.offset, options.offset + options.limit);
  });

  app.post('/object/move', async (request) => {
    const { from, to } = moveEndpoints(jsonBody(request, moveSchema));
    const caller = await callerOf(request, jwtSecret);
    await findBucket(db, to.bucketId);
    const { rows } = await asCaller(db, caller, 'move', (tx) =>
      tx.query<{ moved: number }>(
        `with moved as (
           update storage.objects set bucket_id = $3, name = $4, updated_at = now()
            where bucket_id = $1 and name = $2 returning 1
         ) select count(*)::int as moved from moved`,
        [from.bucketId, from.key, to.bucketId, to.key],
      ),
    );
    if (!rows[0]?.moved) throw noSuchKey();
    return { message: 'Successfully moved' };
  });

  app.post('/object/copy', async (request) => {
    const { from, to } = moveEndpoints(jsonBody(request, moveSchema));
    const caller = await callerOf(request, jwtSecret);
    await findBucket(db, to.bucketId);
    const id = randomUUID();
    const version = store.newVersion();
    await asCaller(db, caller, 'copy', async (tx) => {
      const { rows } = await tx.query<{ version: string | null; metadata: unknown; user_metadata: unknown }>(
        'select version, metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2',
        [from.bucketId, from.key],
      );
      const source = rows[0];
      if (!source?.version) throw noSuchKey();
      await store.copy(source.version, version);
      try {
        await tx.query(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            id,
            to.bucketId,
            to.key,
            ownerUuid(caller),
            caller.sub ?? null,
            JSON.stringify(source.metadata),
            source.user_metadata === null ? null : JSON.stringify(source.user_metadata),
            version,
          ],
        );
      } catch (error) {
        await store.remove(version);
        throw error;
      }
    });
    return { Id: id, Key: `${to.bucketId}/${to.key}` };
  });
}
