// What screens sent before they needed one request, kept to measure the change beside the new path.
import type { Database } from '../server/db/port.ts';
import type { TestClient } from '../tests/support/test-server.ts';

async function rpcData(client: TestClient, name: string, args: Record<string, unknown> = {}) {
  const { data, error } = await client.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.message}`);
  return data as unknown;
}

/**
 * api.movement_reversals as it was until Movimenti's page carried each row's reversal: the bench
 * creates it on its own throwaway database, so Movimenti's two requests can be measured.
 */
export async function createOldMovementReversals(db: Database) {
  await db.exec(`
    create function api.movement_reversals(movement_ids uuid[])
    returns table (movement_id uuid, reversed_by uuid, reversal_of uuid, reason text, reversed_at timestamptz)
    language plpgsql stable set search_path = ''
    as $$
    declare
      caller_merchant_id uuid := app_private.require_merchant();
    begin
      return query
        select r.reversal_of, r.id, null::uuid, r.reversal_reason, r.created_at
          from app.movements r
         where r.merchant_id = caller_merchant_id and r.reversal_of = any (movement_reversals.movement_ids)
        union all
        select r.id, null::uuid, r.reversal_of, r.reversal_reason, r.created_at
          from app.movements r
         where r.merchant_id = caller_merchant_id and r.reversal_of is not null
           and r.id = any (movement_reversals.movement_ids);
    end
    $$;
    grant execute on function api.movement_reversals(uuid[]) to authenticated;`);
}

/** Movimenti before: the page, then, once it answered, its rows' reversals. */
export async function movementsTheOldWay(client: TestClient, args: Record<string, unknown>) {
  const page = (await rpcData(client, 'merchant_movements', args)) as { movements: { id: string }[] };
  return rpcData(client, 'movement_reversals', { movement_ids: page.movements.map((row) => row.id) });
}

/** Prenotazioni before: the page and, beside it, the badge's count. */
export function inboxTheOldWay(client: TestClient, args: Record<string, unknown>) {
  return Promise.all([
    rpcData(client, 'merchant_reservations_page', args),
    rpcData(client, 'merchant_pending_count'),
  ]);
}
