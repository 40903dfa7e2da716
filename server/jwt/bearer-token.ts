import type { IncomingHttpHeaders } from 'node:http';

const bearerPattern = /^bearer\s+(\S+)\s*$/i;

/** The token of `Authorization: Bearer <token>` (any case of "bearer"), or undefined. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  return bearerPattern.exec(headers.authorization ?? '')?.[1];
}

/** The caller's token as Supabase's gateway passes it on: the bearer token, else the apikey header. */
export function gatewayToken(headers: IncomingHttpHeaders): string | undefined {
  const apikey = headers.apikey;
  return bearerToken(headers) ?? (typeof apikey === 'string' && apikey !== '' ? apikey : undefined);
}
