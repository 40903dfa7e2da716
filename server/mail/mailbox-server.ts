import Fastify, { type FastifyInstance } from 'fastify';
import { isLoopback } from '../auth/redirect.ts';
import { ConfigError } from '../config.ts';
import { mailboxContentSecurityPolicy } from '../http/security-headers.ts';
import type { Mailbox } from './mailbox.ts';
import { mailRoutes } from './routes.ts';

/** The address the mailbox listens on: this machine only, whatever HOST the server has. */
export const mailboxHost = '127.0.0.1';

export interface MailboxServer {
  app: FastifyInstance;
  url: string;
}

/**
 * The local mailbox on its own port, bound to 127.0.0.1 as `supabase start` binds its mail catcher:
 * nobody who reaches the public port reads the e-mails. Requests naming another host are refused, so
 * a web page cannot reach it through DNS rebinding either.
 */
export async function startMailboxServer(mailbox: Mailbox, port: number): Promise<MailboxServer> {
  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (request, reply) => {
    const hostname = (request.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
    if (!isLoopback(hostname)) {
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send('La casella di posta si apre solo da questo computer (http://localhost).');
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', mailboxContentSecurityPolicy);
  });
  await app.register(mailRoutes, mailbox);
  try {
    await app.listen({ port, host: mailboxHost });
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new ConfigError(`MAIL_PORT ${port} is already in use: set MAIL_PORT to a free port (0: any).`);
  }
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return { app, url: `http://${mailboxHost}:${actualPort}` };
}
