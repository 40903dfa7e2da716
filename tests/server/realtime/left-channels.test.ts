import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../../server/realtime/change-feed.ts';
import type { Channel } from '../../../server/realtime/channel.ts';
import { deliverChanges } from '../../../server/realtime/dispatch.ts';
import { parseFilter } from '../../../server/realtime/filters.ts';
import { SubscriptionIndex } from '../../../server/realtime/subscriptions.ts';
import { TableCatalog } from '../../../server/realtime/tables.ts';
import { batchedCheck, type VisibilityCheck } from '../../../server/realtime/visibility.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const fixtures = new URL('../fixtures/realtime-migrations', import.meta.url).pathname;

describe('a channel that leaves while a change fans out', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [fixtures] });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is sent nothing once it has left, while the channels still joined get the change', async () => {
    const db = server.server.context.db;
    const owner = randomUUID();
    const sent = new Map<string, unknown[]>();
    const following = (topic: string): Channel => {
      const filterText = `owner=eq.${owner}`;
      sent.set(topic, []);
      return {
        topic,
        joinRef: '1',
        token: 'token',
        claims: { sub: owner, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
        bindings: [
          {
            id: 1,
            event: 'INSERT',
            schema: 'public',
            table: 'items',
            filterText,
            filter: parseFilter(filterText),
          },
        ],
        broadcastSelf: false,
        broadcastAck: false,
        send: (message) => sent.get(topic)!.push(message),
        corked: (work) => work(),
      };
    };
    const staying = following('staying');
    const leaving = following('leaving');
    const { rows } = await db.query<Record<string, unknown>>(
      `insert into public.items (owner, body) values ($1, 'appena scritto')
       returning id::int as id, owner, body, price, tags, created_at`,
      [owner],
    );
    const change: Change = {
      id: 1,
      schema: 'public',
      table: 'items',
      type: 'INSERT',
      record: rows[0]!,
      oldRecord: null,
      commitTimestamp: new Date().toISOString(),
    };
    // The channel leaves (its token expired, its socket closed) while the row's visibility is checked.
    const checkWhileLeaving: VisibilityCheck = (...args) => {
      leaving.left = true;
      return batchedCheck(...args);
    };

    await deliverChanges(
      db,
      new TableCatalog(db),
      [change],
      [staying, leaving],
      new SubscriptionIndex(),
      checkWhileLeaving,
    );
    expect(sent.get('staying')).toHaveLength(1);
    expect(sent.get('leaving')).toEqual([]);
  });
});
