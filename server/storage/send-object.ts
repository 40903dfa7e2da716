import type { FastifyReply } from 'fastify';
import type { FileStore } from './file-store.ts';
import { noSuchKey } from './storage-error.ts';

export interface StoredObject {
  name: string;
  version: string | null;
  metadata: { mimetype?: string; cacheControl?: string; eTag?: string } | null;
  updated_at: Date | string | null;
}

export const objectColumns = 'name, version, metadata, updated_at';

/** Streams an object's bytes with the type and caching it was uploaded with. */
export async function sendObject(
  reply: FastifyReply,
  store: FileStore,
  object: StoredObject | undefined,
  download?: string,
): Promise<FastifyReply> {
  if (!object?.version) throw noSuchKey();
  const size = await store.size(object.version);
  if (size === undefined) throw noSuchKey();
  const metadata = object.metadata ?? {};
  reply
    .header('content-type', metadata.mimetype ?? 'application/octet-stream')
    .header('cache-control', metadata.cacheControl ?? 'no-cache')
    .header('content-length', size)
    // Uploaded files are served from the app's origin: never let one run as a page.
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (metadata.eTag) reply.header('etag', metadata.eTag);
  if (object.updated_at) reply.header('last-modified', new Date(object.updated_at).toUTCString());
  if (download !== undefined) {
    const fileName = download !== '' ? download : (object.name.split('/').pop() ?? 'download');
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  }
  return reply.send(store.read(object.version));
}
