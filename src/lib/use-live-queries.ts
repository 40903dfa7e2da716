import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabaseServices } from '@/lib/supabase-services';

export interface LiveTable {
  table: string;
  event: 'INSERT' | 'UPDATE' | 'DELETE' | '*';
  /**
   * A postgres_changes filter such as `client_id=eq.<id>`; RLS already limits what arrives. Deletes are
   * never filtered (as on Supabase): any deletion in the table refreshes.
   */
  filter: string;
}

/**
 * Keeps queries live: each change of `source` (only rows the user may see arrive) marks `queryKeys`
 * stale so they are read again from the database; the browser never patches data itself. Also reads
 * once the subscription is up, so a change made while it was joining is not missed. Nothing runs
 * until `source` is known.
 */
export function useLiveQueries(source: LiveTable | undefined, queryKeys: QueryKey[]) {
  const queryClient = useQueryClient();
  const keys = JSON.stringify(queryKeys);
  const { table, event, filter } = source ?? {};
  useEffect(() => {
    if (!table || !event || !filter) return;
    const refresh = () =>
      Promise.all(
        (JSON.parse(keys) as QueryKey[]).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    const channel = supabaseServices
      .channel(`live-${table}-${filter}`)
      .on('postgres_changes', { event, schema: 'app', table, filter }, () => void refresh())
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') void refresh();
      });
    return () => {
      void supabaseServices.removeChannel(channel);
    };
  }, [table, event, filter, keys, queryClient]);
}
