import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

interface LiveTable {
  table: string;
  event: 'INSERT' | 'UPDATE' | 'DELETE' | '*';
  /**
   * A postgres_changes filter such as `client_id=eq.<id>`; RLS already limits what arrives. Deletes are
   * never filtered (as on Supabase): any deletion in the table refreshes.
   */
  filter: string;
}

export type LiveChange = RealtimePostgresChangesPayload<Record<string, unknown>>;

/**
 * Keeps queries live: each change of `source` (only rows the user may see arrive) marks `queryKeys`
 * stale so they are read again from the database, or, with `onChange`, lets it read again only what
 * the change touches; the browser never patches data itself. Also reads `queryKeys` once the
 * subscription is up, so a change made while it was joining is not missed. Nothing runs until
 * `source` is known.
 */
export function useLiveQueries(
  source: LiveTable | undefined,
  queryKeys: QueryKey[],
  onChange?: (change: LiveChange) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  const changeHandler = useRef(onChange);
  useEffect(() => {
    changeHandler.current = onChange;
  });
  const keys = JSON.stringify(queryKeys);
  const { table, event, filter } = source ?? {};
  useEffect(() => {
    if (!table || !event || !filter) return;
    const refresh = () =>
      Promise.all(
        (JSON.parse(keys) as QueryKey[]).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    // Realtime's client comes after the screen's first render: the screen shows its data without it.
    let leave: (() => void) | undefined;
    let left = false;
    void import('@/lib/realtime').then(({ realtime }) => {
      if (left) return;
      const channel = realtime
        .channel(`live-${table}-${filter}`)
        .on(
          'postgres_changes',
          { event, schema: 'app', table, filter },
          (change: LiveChange) => void (changeHandler.current ? changeHandler.current(change) : refresh()),
        )
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') void refresh();
        });
      leave = () => void realtime.removeChannel(channel);
    });
    return () => {
      left = true;
      leave?.();
    };
  }, [table, event, filter, keys, queryClient]);
}
