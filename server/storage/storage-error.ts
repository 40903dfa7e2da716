import { isPostgresError } from '../db/port.ts';

/** storage-api's error body: the real status travels as a string in `statusCode`. */
export interface StorageErrorBody {
  statusCode: string;
  code: string;
  error: string;
  message: string;
}

export class StorageError extends Error {
  readonly status: number;
  readonly code: string;
  readonly error: string;

  constructor(status: number, code: string, error: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.error = error;
  }

  /** storage-api answers every 4xx with HTTP 400 and keeps 5xx as they are. */
  get httpStatus(): number {
    return this.status >= 500 ? this.status : 400;
  }

  get body(): StorageErrorBody {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message };
  }
}

export const accessDenied = (message = 'new row violates row-level security policy') =>
  new StorageError(403, 'AccessDenied', 'Unauthorized', message);
export const noSuchKey = () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found');
export const noSuchBucket = () =>
  new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
export const keyAlreadyExists = () =>
  new StorageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists');
export const entityTooLarge = () =>
  new StorageError(
    413,
    'EntityTooLarge',
    'Payload too large',
    'The object exceeded the maximum allowed size',
  );
export const invalidMimeType = (mimetype: string) =>
  new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimetype} is not supported`);
export const invalidKey = (key: string) =>
  new StorageError(400, 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`);
export const invalidRequest = (message: string) =>
  new StorageError(400, 'InvalidRequest', 'Invalid Input', message);
export const invalidJwt = (message: string) => new StorageError(400, 'InvalidJWT', 'Invalid JWT', message);

/** Turns anything a handler threw into storage-api's error; never leaks SQL or a stack trace. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (isPostgresError(error)) {
    if (error.code === '42501') return accessDenied(error.message);
    if (error.code === '23505') return keyAlreadyExists();
    if (error.code === '23503') return noSuchBucket();
  }
  const status = (error as { statusCode?: number } | undefined)?.statusCode;
  if (status === 413) return entityTooLarge();
  if (status !== undefined && status >= 400 && status < 500) {
    return invalidRequest(error instanceof Error ? error.message : 'Invalid request');
  }
  return new StorageError(500, 'InternalError', 'Internal Server Error', 'Internal server error');
}
