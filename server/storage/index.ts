import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { storageSettings, syncConfiguredBuckets } from './bucket-config.ts';
import { FileStore } from './file-store.ts';
import { objectCatalogRoutes } from './object-catalog-routes.ts';
import { objectRoutes } from './object-routes.ts';
import { signedUrlRoutes } from './signed-urls.ts';
import { toStorageError } from './storage-error.ts';

/** Room for the multipart envelope around a file of the largest allowed size. */
const multipartOverhead = 64 * 1024;

/**
 * `/storage/v1`: storage-api's object endpoints over files on disk, with storage.objects as the
 * catalogue and its row-level security as the only authority.
 */
export async function storageRoutes(app: FastifyInstance, context: ServerContext) {
  const settings = storageSettings(context.config.toml.storage);
  await syncConfiguredBuckets(context.db, settings);
  const store = FileStore.open(context.config.dataDir);
  app.addHook('onClose', async () => store.close());

  await app.register(
    async (scope) => {
      // Every body arrives as bytes: an upload is stored exactly as sent, JSON routes parse their own.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: settings.file_size_limit + multipartOverhead },
        (_request, body, done) => done(null, body),
      );
      scope.setErrorHandler((error, request, reply) => {
        const failure = toStorageError(error);
        if (failure.status >= 500) request.log.error({ err: error }, 'storage request failed');
        return reply.code(failure.httpStatus).header('content-type', 'application/json').send(failure.body);
      });
      const storageContext = { db: context.db, store, settings, jwtSecret: context.keys.jwtSecret };
      objectRoutes(scope, storageContext);
      await scope.register(objectCatalogRoutes, storageContext);
      await scope.register(signedUrlRoutes, storageContext);
    },
    { prefix: '/storage/v1' },
  );
}
