import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findBucket } from './buckets.ts';
import { asCaller, callerOf, ownerUuid } from './caller.ts';
import { acceptJsonBodies } from './json-body.ts';
import { bucketParams, jsonSchemaOf } from './route-schemas.ts';
import { checkBucketId, checkObjectKey } from './object-key.ts';
import type { StorageContext } from './storage-context.ts';
import { noSuchKey } from './storage-error.ts';

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

type BucketRequest<Schema extends z.ZodType> = FastifyRequest<{
  Params: { bucket: string };
  Body: z.output<Schema>;
}>;
type MoveRequest = FastifyRequest<{ Body: z.output<typeof moveSchema> }>;

/** The catalogue endpoints storage-js calls with a JSON body: list, remove, move and copy, as the caller. */
export async function objectCatalogRoutes(app: FastifyInstance, { db, store, jwtSecret }: StorageContext) {
  acceptJsonBodies(app);

  app.delete(
    '/object/:bucket',
    { schema: { params: bucketParams, body: jsonSchemaOf(removeSchema) } },
    async (request: BucketRequest<typeof removeSchema>) => {
      const bucketId = checkBucketId(request.params.bucket);
      const { prefixes } = request.body;
      const caller = await callerOf(request, jwtSecret);
      const { rows } = await asCaller(db, caller, 'delete', (tx) =>
        tx.query<{ version: string | null }>(
          'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *',
          [bucketId, prefixes],
        ),
      );
      await Promise.all(rows.map((row) => store.remove(row.version)));
      return rows;
    },
  );

  app.post(
    '/object/list/:bucket',
    { schema: { params: bucketParams, body: jsonSchemaOf(listSchema) } },
    async (request: BucketRequest<typeof listSchema>) => {
      const bucketId = checkBucketId(request.params.bucket);
      const options = request.body;
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
    },
  );

  const moveOptions = { schema: { body: jsonSchemaOf(moveSchema) } };

  app.post('/object/move', moveOptions, async (request: MoveRequest) => {
    const { from, to } = moveEndpoints(request.body);
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

  app.post('/object/copy', moveOptions, async (request: MoveRequest) => {
    const { from, to } = moveEndpoints(request.body);
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
