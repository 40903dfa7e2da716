import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { installChangeCapture } from './change-capture.ts';
import { followChanges } from './change-feed.ts';
import { deliverChanges } from './dispatch.ts';
import { defaultHeartbeatTimeoutMilliseconds, RealtimeHub } from './hub.ts';
import { SubscriptionIndex } from './subscriptions.ts';
import type { SerializerVersion } from './serializer.ts';
import { defaultMaxBufferedBytes, Session } from './session.ts';
import { TableCatalog } from './tables.ts';
import { visibilityChecks } from './visibility.ts';
import { checkToken } from './tokens.ts';

const maxFrameBytes = 1024 * 1024;

type SocketRequest = FastifyRequest<{ Querystring: { apikey?: string; vsn?: string } }>;

/** The socket's key (else in the apikey or x-api-key header) and the Phoenix serializer's version. */
const socketQuery = {
  type: 'object',
  properties: { apikey: { type: 'string' }, vsn: { type: 'string' } },
};

function apikeyOf(request: SocketRequest): string | undefined {
  const header = request.headers['x-api-key'] ?? request.headers.apikey;
  return request.query.apikey ?? (typeof header === 'string' ? header : undefined);
}

/**
 * `/realtime/v1/websocket`: Realtime's postgres_changes over the Phoenix protocol. Changes come from
 * triggers on the published tables through NOTIFY; each is delivered to a subscriber only if its own
 * role and claims may select the row.
 */
export async function realtimeRoutes(app: FastifyInstance, context: ServerContext) {
  const { db } = context;
  const limits = context.config.realtime ?? {};
  const maxBufferedBytes = limits.maxBufferedBytes ?? defaultMaxBufferedBytes;
  await installChangeCapture(db);
  const catalog = new TableCatalog(db);
  const hub = new RealtimeHub(limits.heartbeatTimeoutMs ?? defaultHeartbeatTimeoutMilliseconds);
  const log = (error: unknown) => app.log.error({ err: error }, 'realtime');
  const check = visibilityChecks[limits.visibilityCheck ?? 'batched'];
  const subscriptions = new SubscriptionIndex();
  const feed = await followChanges(
    db,
    (changes) => deliverChanges(db, catalog, changes, hub.channels(), subscriptions, check),
    log,
  );
  app.addHook('onClose', async () => {
    hub.close();
    await feed.stop();
  });

  await app.register(websocket, { options: { maxPayload: maxFrameBytes } });

  app.get(
    '/realtime/v1/websocket',
    {
      websocket: true,
      schema: { querystring: socketQuery },
      // The apikey must be a valid JWT with role and exp, else the upgrade is refused with 401.
      preValidation: async (request: SocketRequest, reply) => {
        const apikey = apikeyOf(request);
        const checked = apikey ? await checkToken(apikey, context.keys.jwtSecret) : undefined;
        if (!checked?.ok) {
          return reply.code(401).send({ error: checked?.reason ?? 'No api key found in request' });
        }
      },
    },
    (socket, request: SocketRequest) => {
      const version: SerializerVersion = request.query.vsn === '2.0.0' ? '2.0.0' : '1.0.0';
      const session = new Session(
        socket,
        version,
        apikeyOf(request)!,
        {
          db,
          catalog,
          jwtSecret: context.keys.jwtSecret,
          maxBufferedBytes,
          broadcast: (topic, payload, from) => hub.broadcast(topic, payload, from),
          log,
        },
        request.raw.socket,
      );
      hub.add(session);
      socket.on('close', () => hub.remove(session));
      socket.on('error', () => socket.terminate());
    },
  );
}
