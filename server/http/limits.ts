/** How long a client may take, and how long a connection may live, before the server lets it go. */
export interface HttpLimits {
  /** The whole request, headers and body, must arrive within this (408 and close otherwise). */
  requestTimeoutMs: number;
  /** The request headers must arrive within this, from the first byte of the connection. */
  headersTimeoutMs: number;
  /** A socket with no bytes either way for this long is closed (a client that stops reading). */
  idleTimeoutMs: number;
  /** A kept-alive connection waiting for its next request is closed after this. */
  keepAliveTimeoutMs: number;
  /** Requests one kept-alive connection may carry before the server asks the client to reconnect. */
  maxRequestsPerSocket: number;
}

export const defaultHttpLimits: HttpLimits = {
  // 60 s lets a 5 MiB upload through at 0.7 Mbit/s.
  requestTimeoutMs: 60_000,
  headersTimeoutMs: 20_000,
  idleTimeoutMs: 120_000,
  // Above the 60 s idle timeout of common load balancers, so they close first (Fastify's default).
  keepAliveTimeoutMs: 72_000,
  maxRequestsPerSocket: 1_000,
};

/**
 * Fastify's and Node's options for the limits. Node checks unfinished requests every
 * `connectionsCheckingInterval` (30 s by default), so the check runs often enough for the timeouts.
 * WebSocket connections leave these limits once upgraded (ws clears the socket timeout).
 */
export function fastifyHttpOptions(given: Partial<HttpLimits> = {}) {
  const limits = { ...defaultHttpLimits, ...given };
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    http: {
      headersTimeout,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(headersTimeout / 4))),
    },
  };
}
