import { isIP } from 'node:net';

/**
 * Which hops may name the client in X-Forwarded-For: a hop count (`1` behind one reverse proxy) or the
 * proxies' own addresses and CIDR ranges. Never every hop: a client could then name any address and
 * escape the per-address rate limits. Undefined means no proxy is trusted.
 */
export type TrustProxy = number | string[];

const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** Reads TRUST_PROXY; returns a message instead when the value is not a hop count or an address list. */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined | { problem: string } {
  const given = value?.trim() ?? '';
  if (given === '' || given === '0' || given === 'false') return undefined;
  if (given === 'true')
    return {
      problem:
        'true would trust every hop (any client could pick its own address); give the number of proxies in front (1) or their addresses',
    };
  if (/^\d+$/.test(given)) return Number(given);
  const entries = given.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0)
    return { problem: `not a hop count, an IP address or a CIDR range: ${wrong.join(', ')}` };
  return entries;
}

/**
 * Fastify's form of the setting. A hop count becomes "the nearest `count` hops are proxies", as Express
 * reads a number (Fastify itself ignores a bare number); an address list is compiled by proxy-addr.
 */
export function fastifyTrustProxy(
  trust: TrustProxy | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined || trust === 0) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
