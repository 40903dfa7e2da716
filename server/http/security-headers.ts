import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const apiPrefixes = ['/auth/', '/rest/', '/realtime/', '/storage/'];

/** A host name with an optional port, as the Host header may carry it; anything else is not echoed. */
const hostPattern = /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/;

/**
 * The SPA's policy. Scripts only from the app's own files (index.html has no inline script; /config.js
 * is a file). Styles also allow 'unsafe-inline' because sonner and Radix's scroll lock (react-style-
 * singleton) insert <style> elements at run time; inline styles cannot run code. Images from the app,
 * storage, data: (QR codes) and blob: (photo previews); the API and Realtime on the same host.
 */
export function spaContentSecurityPolicy(host: string | undefined): string {
  const sameHostSockets = host && hostPattern.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sameHostSockets}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** JSON and stored objects: nothing in a response of the APIs may run or be framed, even if opened. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** The local mailbox's pages: their own inline styles, the e-mail in a sandboxed srcdoc frame. */
export const mailboxContentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const permissionsPolicy =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

function contentSecurityPolicyFor(request: FastifyRequest): string {
  const path = request.url;
  if (apiPrefixes.some((prefix) => path.startsWith(prefix))) return apiContentSecurityPolicy;
  return spaContentSecurityPolicy(request.headers.host);
}

function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply
    .header('content-security-policy', contentSecurityPolicyFor(request))
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('permissions-policy', permissionsPolicy)
    .header('cross-origin-opener-policy', 'same-origin');
  // Only over HTTPS: directly, or as X-Forwarded-Proto from a proxy TRUST_PROXY names.
  if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
}

/** Every response of the server carries the headers a careful production host sends. */
export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => setSecurityHeaders(request, reply));
}
