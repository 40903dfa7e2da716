import { invalidKey, invalidRequest } from './storage-error.ts';

const bucketIdPattern = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,62}$/;
// Control characters (NUL included) and the backslash never belong in a key.
// eslint-disable-next-line no-control-regex
const forbiddenCharacters = /[\u0000-\u001f\u007f\\]/;

/** A bucket id as storage-api accepts it; it never names a folder outside the store. */
export function checkBucketId(bucketId: string): string {
  if (!bucketIdPattern.test(bucketId) || bucketId === '.' || bucketId === '..') {
    throw invalidRequest(`Invalid bucket name: ${bucketId}`);
  }
  return bucketId;
}

/**
 * An object key: relative, no empty, `.` or `..` segments, no control characters. Bytes are stored under
 * their version id, never under the key, so this is about clean names rather than the only defence.
 */
export function checkObjectKey(key: string): string {
  const valid =
    key.length > 0 &&
    key.length <= 1024 &&
    !forbiddenCharacters.test(key) &&
    key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
  if (!valid) throw invalidKey(key);
  return key;
}

/** Splits `bucket/path/to/file` as it arrives in a URL. */
export function splitBucketAndKey(path: string): { bucketId: string; key: string } {
  const slash = path.indexOf('/');
  if (slash <= 0) throw invalidKey(path);
  return { bucketId: checkBucketId(path.slice(0, slash)), key: checkObjectKey(path.slice(slash + 1)) };
}
