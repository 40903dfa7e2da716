import type { FastifyRequest } from 'fastify';
import { invalidRequest } from './storage-error.ts';

export interface UploadBody {
  bytes: Buffer;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

function parseMetadata(json: string | null | undefined): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    throw invalidRequest('Invalid metadata');
  }
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The file of an upload as storage-js sends it: a raw body with content-type, cache-control and
 * x-metadata headers, or multipart with cacheControl and metadata fields and one file part.
 */
export async function readUploadBody(request: FastifyRequest): Promise<UploadBody> {
  const contentType = header(request, 'content-type') ?? 'application/octet-stream';
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    const metadata = header(request, 'x-metadata');
    return {
      bytes: raw,
      mimetype: contentType,
      cacheControl: header(request, 'cache-control') ?? 'no-cache',
      userMetadata: parseMetadata(metadata ? Buffer.from(metadata, 'base64').toString('utf8') : null),
    };
  }
  let form: FormData;
  try {
    const bytes = new Uint8Array(new ArrayBuffer(raw.length));
    bytes.set(raw);
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw invalidRequest('Invalid multipart body');
  }
  const file = [...form.values()].find((value) => typeof value !== 'string');
  if (file === undefined || typeof file === 'string') throw invalidRequest('No file in the multipart body');
  const cacheControl = form.get('cacheControl');
  const metadata = form.get('metadata');
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    mimetype: file.type || 'application/octet-stream',
    cacheControl:
      typeof cacheControl === 'string' && cacheControl !== '' ? `max-age=${cacheControl}` : 'no-cache',
    userMetadata: parseMetadata(typeof metadata === 'string' ? metadata : null),
  };
}
