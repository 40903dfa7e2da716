import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../../server/realtime/change-feed.ts';
import { parseFilter } from '../../../server/realtime/filters.ts';
import { TableCatalog, type TableInfo } from '../../../server/realtime/tables.ts';
import { evaluateFilters } from '../../../server/realtime/visibility.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const fixtures = new URL('../fixtures/realtime-migrations', import.meta.url).pathname;

describe('realtime: a change checked against thousands of subscribers’ own filters', () => {
  let server: TestServer;
  let items: TableInfo;

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [fixtures] });
    items = (await new TableCatalog(server.server.context.db).table('public', 'items'))!;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const change = (record: Record<string, unknown>): Change => ({
    id: 1,
    schema: 'public',
    table: 'items',
    type: 'UPDATE',
    commitTimestamp: new Date().toISOString(),
    record,
    oldRecord: { id: record.id },
  });
  const evaluate = (record: Record<string, unknown>, texts: string[]) =>
    evaluateFilters(
      server.server.context.db,
      items,
      change(record),
      new Map(texts.map((text) => [text, parseFilter(text)])),
    );

  it('passes exactly the filters the record meets among 3,000 sessions each following its own owner', async () => {
    const owners = Array.from({ length: 3000 }, () => randomUUID());
    const record = { id: 7, owner: owners[1234], body: 'x', price: '12.50', tags: [], created_at: null };
    const texts = [
      ...owners.map((owner) => `owner=eq.${owner}`),
      // Postgres compares: a uuid in capitals, a number written otherwise, a range.
      `owner=eq.${owners[1234]!.toUpperCase()}`,
      'price=eq.12.5',
      'price=gt.12.49',
      'price=lt.12.5',
      'id=neq.7',
      'id=in.(6,7)',
      'body=eq.y',
    ];
    const passes = await evaluate(record, texts);
    expect([...passes].filter(([, pass]) => pass).map(([text]) => text)).toEqual([
      `owner=eq.${owners[1234]}`,
      `owner=eq.${owners[1234]!.toUpperCase()}`,
      'price=eq.12.5',
      'price=gt.12.49',
      'id=in.(6,7)',
    ]);
    expect(passes.size).toBe(texts.length);
  });

  it('passes no filter on a column the record lacks', async () => {
    const passes = await evaluate({ id: 8 }, ['body=eq.x', 'id=eq.8']);
    expect(Object.fromEntries(passes)).toEqual({ 'body=eq.x': false, 'id=eq.8': true });
  });

  /** The queries `work` sent to the database. */
  async function queries(work: () => Promise<unknown>): Promise<number> {
    const db = server.server.context.db;
    const query = db.query;
    let count = 0;
    db.query = ((...args: Parameters<typeof query>) => {
      count += 1;
      return query(...args);
    }) as typeof query;
    try {
      await work();
    } finally {
      db.query = query;
    }
    return count;
  }

  it('decides eq on a uuid or an integer spelt as Postgres writes it without a query, as Postgres would', async () => {
    const owner = randomUUID();
    const other = randomUUID();
    const record = { id: 7, owner, body: 'x', price: '1.00', tags: [], created_at: null };
    const canonical = [
      `owner=eq.${owner}`,
      `owner=eq.${other}`,
      'id=eq.7',
      'id=eq.-7',
      'id=eq.0',
      'id=eq.70',
    ];
    let passes = new Map<string, boolean>();
    expect(await queries(async () => (passes = await evaluate(record, canonical)))).toBe(0);
    expect(Object.fromEntries(passes)).toEqual({
      [`owner=eq.${owner}`]: true,
      [`owner=eq.${other}`]: false,
      'id=eq.7': true,
      'id=eq.-7': false,
      'id=eq.0': false,
      'id=eq.70': false,
    });
    expect(Object.fromEntries(await evaluate({ ...record, id: 0 }, ['id=eq.0']))).toEqual({
      'id=eq.0': true,
    });
    expect(Object.fromEntries(await evaluate({ ...record, owner: null }, [`owner=eq.${owner}`]))).toEqual({
      [`owner=eq.${owner}`]: false,
    });

    // Other spellings of the same values go to Postgres, which finds them equal.
    const spelt = [
      `owner=eq.${owner.toUpperCase()}`,
      `owner=eq.{${owner}}`,
      `owner=eq.${owner.replaceAll('-', '')}`,
      'id=eq.07',
      'id=eq.+7',
      'id=eq. 7',
    ];
    expect(await queries(async () => (passes = await evaluate(record, spelt)))).toBe(1);
    expect([...passes.values()]).toEqual(spelt.map(() => true));
    expect(Object.fromEntries(await evaluate({ ...record, id: 0 }, ['id=eq.-0']))).toEqual({
      'id=eq.-0': true,
    });
  });
});
