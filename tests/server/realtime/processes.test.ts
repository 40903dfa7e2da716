import { randomUUID } from 'node:crypto';
import {
  createClient,
  type RealtimeChannel,
  type RealtimePostgresChangesPayload,
} from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { testDatabaseKind } from '../../support/test-database.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { subscribed } from '../../support/realtime.ts';

const fixtures = new URL('../fixtures/realtime-migrations', import.meta.url).pathname;

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

function nextChange(channel: RealtimeChannel): Promise<Change> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('No change within 5 s')), 5000);
    channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'items' }, (change) => {
      clearTimeout(timer);
      resolve(change);
    });
  });
}

describe.skipIf(testDatabaseKind !== 'postgres')(
  'realtime with two server processes on one PostgreSQL',
  () => {
    let first: TestServer;
    let second: RunningServer;
    const alice = randomUUID();

    beforeAll(async () => {
      first = await startTestServer({ migrationFolders: [fixtures] });
      second = await startServer({ ...first.server.context.config, port: 0 }, { persistData: false });
    });
    afterAll(async () => {
      await second?.stop();
      await first?.stop();
    });

    it('delivers every change through both, whichever process wrote it', async () => {
      const token = await first.token({ sub: alice, role: 'authenticated' });
      const onFirst = first.client();
      const onSecond = createClient(second.url, first.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as never },
      });
      await onFirst.realtime.setAuth(token);
      await onSecond.realtime.setAuth(token);

      for (const writer of [first.server.context.db, second.context.db]) {
        const body = `scritto ${randomUUID()}`;
        const channels = [onFirst.channel(`a-${body}`), onSecond.channel(`b-${body}`)];
        const received = channels.map(nextChange);
        await Promise.all(channels.map(subscribed));
        await writer.query('insert into public.items (owner, body) values ($1, $2)', [alice, body]);
        const changes = await Promise.all(received);
        expect(changes.map((change) => change.new)).toEqual([
          expect.objectContaining({ owner: alice, body }),
          expect.objectContaining({ owner: alice, body }),
        ]);
        await Promise.all([onFirst.removeAllChannels(), onSecond.removeAllChannels()]);
      }
    });
  },
);
