import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signJwt, verifyJwt } from '../jwt/jwt.ts';
import { asCaller, callerOf } from './caller.ts';
import { acceptJsonBodies } from './json-body.ts';
import { bucketParams, jsonSchemaOf, objectParams } from './route-schemas.ts';
import { checkBucketId, checkObjectKey } from './object-key.ts';
import { objectColumns, sendObject, type StoredObject } from './send-object.ts';
import type { StorageContext } from './storage-context.ts';
import { invalidJwt, noSuchKey } from './storage-error.ts';

type SignRequest = FastifyRequest<{
  Params: { bucket: string; '*': string };
  Body: z.output<typeof signOneSchema>;
}>;
type SignManyRequest = FastifyRequest<{ Params: { bucket: string }; Body: z.output<typeof signManySchema> }>;
type SignedGetRequest = FastifyRequest<{
  Params: { bucket: string; '*': string };
  Querystring: { token: string; download?: string };
}>;

const signOneSchema = z.object({ expiresIn: z.number().int().min(1) });
const signManySchema = z.object({
  expiresIn: z.number().int().min(1),
  paths: z.array(z.string()).min(1).max(1000),
});

/** Signed download URLs: a short HS256 token naming one object, served without any other credential. */
export async function signedUrlRoutes(app: FastifyInstance, { db, store, jwtSecret }: StorageContext) {
  acceptJsonBodies(app);
  const signedPath = async (bucketId: string, key: string, expiresIn: number) => {
    const token = await signJwt({ url: `${bucketId}/${key}` }, jwtSecret, expiresIn);
    return `/object/sign/${bucketId}/${key}?token=${token}`;
  };

  const signOne = { params: objectParams, body: jsonSchemaOf(signOneSchema) };
  app.post('/object/sign/:bucket/*', { schema: signOne }, async (request: SignRequest) => {
    const bucketId = checkBucketId(request.params.bucket);
    const key = checkObjectKey(request.params['*']);
    const { expiresIn } = request.body;
    const caller = await callerOf(request, jwtSecret);
    const { rows } = await asCaller(db, caller, 'sign', (tx) =>
      tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucketId, key]),
    );
    if (!rows[0]) throw noSuchKey();
    return { signedURL: await signedPath(bucketId, key, expiresIn) };
  });

  const signMany = { params: bucketParams, body: jsonSchemaOf(signManySchema) };
  app.post('/object/sign/:bucket', { schema: signMany }, async (request: SignManyRequest) => {
    const bucketId = checkBucketId(request.params.bucket);
    const { expiresIn, paths } = request.body;
    const caller = await callerOf(request, jwtSecret);
    const { rows } = await asCaller(db, caller, 'sign', (tx) =>
      tx.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
        [bucketId, paths],
      ),
    );
    const visible = new Set(rows.map((row) => row.name));
    return Promise.all(
      paths.map(async (path) =>
        visible.has(path)
          ? { error: null, path, signedURL: await signedPath(bucketId, path, expiresIn) }
          : {
              error: 'Either the object does not exist or you do not have access to it',
              path,
              signedURL: null,
            },
      ),
    );
  });

  const signedGet = {
    params: objectParams,
    querystring: {
      type: 'object',
      properties: { token: { type: 'string', minLength: 1 }, download: { type: 'string' } },
      required: ['token'],
    },
  };
  app.get('/object/sign/:bucket/*', { schema: signedGet }, async (request: SignedGetRequest, reply) => {
    const bucketId = checkBucketId(request.params.bucket);
    const key = checkObjectKey(request.params['*']);
    const token = request.query.token;
    const verified = await verifyJwt(token, jwtSecret);
    if (!verified.ok) throw invalidJwt(verified.reason === 'expired' ? 'jwt expired' : 'invalid signature');
    if (verified.claims.url !== `${bucketId}/${key}`) throw invalidJwt('Invalid signature for this object');
    const { rows } = await db.query<StoredObject>(
      `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, key],
    );
    return sendObject(reply, store, rows[0], request.query.download);
  });
}
