import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';

describe('the security-definer helpers that policies call', () => {
  const server = useTestServer();

  // A security-definer SQL function is planned again at every execution of the statement calling it:
  // Realtime checks every subscribed session's policies on every change.
  it('are PL/pgSQL, which keeps their plans for the connection', async () => {
    const { rows } = await server.server.context.db.query<{ name: string; language: string }>(
      `select distinct n.nspname || '.' || p.proname as name, l.lanname as language
         from pg_policy pol
         cross join pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         join pg_language l on l.oid = p.prolang
        where p.prosecdef
          and n.nspname in ('app', 'app_private')
          and concat_ws(' ', pg_get_expr(pol.polqual, pol.polrelid), pg_get_expr(pol.polwithcheck, pol.polrelid))
              like '%' || n.nspname || '.' || p.proname || '(%'
        order by 1`,
    );
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['app_private.current_merchant_id', 'app_private.is_platform_admin']),
    );
    expect(rows.filter((row) => row.language !== 'plpgsql')).toEqual([]);
  });
});
