import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signJwt, verifyJwt } from '../jwt/jwt.ts';
import { asCaller, callerOf } from './caller.ts';
import { jsonBody } from './json-body.ts';
import { checkBucketId, checkObjectKey } from './object-key.ts';
import { objectColumns, sendObject, type StoredObject } from './send-object.ts';
import type { StorageContext } from './storage-context.ts';
import { invalidJwt, invalidRequest, noSuchKey } from './storage-error.ts';

type SignRequest = FastifyRequest<{
  Params: { bucket: string; '*': string };
  Querystring: { token?: string; download?: string };
}>;

const signOneSchema = z.object({ expiresIn: z.number().int().min(1) });
const signManySchema = z.object({
  expiresIn: z.number().int().min(1),
  paths: z.array(z.string()).min(1).max(1000),
});

/** Signed download URLs: a short HS256 token naming one object, served without any other credential. */
export function signedUrlRoutes(app: FastifyInstance, { db, store, jwtSecret }: StorageContext) {
  const signedPath = async (bucketId: string, key: string, expiresIn: number) => {
    const token = await signJwt({ url: `${bucketId}/${key}` }, jwtSecret, expiresIn);
    return `/object/sign/${bucketId}/${key}?token=${token}`;
  };

  app.post('/object/sign/:bucket/*', async (request: SignRequest) => {
    const bucketId = checkBucketId(request.params.bucket);
    const key = checkObjectKey(request.params['*']);
    const { expiresIn } = jsonBody(request, signOneSchema);
    const caller = await callerOf(request, jwtSecret);
    const { rows } = await asCaller(db, caller, 'sign', (tx) =>
      tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucketId, key]),
    );
    if (!rows[0]) throw noSuchKey();
    return { signedURL: await signedPath(bucketId, key, expiresIn) };
  });

  app.post('/object/sign/:bucket', async (request: FastifyRequest<{ Params: { bucket: string } }>) => {
    const bucketId = checkBucketId(request.params.bucket);
    const { expiresIn, paths } = jsonBody(request, signManySchema);
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

  app.get('/object/sign/:bucket/*', async (request: SignRequest, reply) => {
    const bucketId = checkBucketId(request.params.bucket);
    const key = checkObjectKey(request.params['*']);
    const token = request.query.token;
    if (!token) throw invalidRequest("querystring must have required property 'token'");
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
