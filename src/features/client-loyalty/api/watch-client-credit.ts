import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clientCreditQueryOptions } from '@/features/client-loyalty/api/get-client-credit';
import { clientProfileQueryOptions } from '@/features/client-loyalty/api/get-client-profile';
import { clientPurchasesQueryOptions } from '@/features/client-loyalty/api/list-client-purchases';
import { supabase } from '@/lib/supabase';

/**
 * Keeps the credit live: every change of the customer's own row (RLS lets through only that one)
 * makes the credit, profile and purchases be read again from the database; the browser never
 * computes a balance. Also reads them once the subscription is up, so a change made while it was
 * joining is not missed.
 */
export function useWatchClientCredit(merchantSlug: string, clientId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!clientId) return;
    const refresh = () =>
      Promise.all(
        [clientCreditQueryOptions, clientProfileQueryOptions, clientPurchasesQueryOptions].map((options) =>
          queryClient.invalidateQueries({ queryKey: options(merchantSlug).queryKey }),
        ),
      );
    const channel = supabase
      .channel(`client-credit-${clientId}`)
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'app', table: 'clients', filter: `id=eq.${clientId}` },
        () => void refresh(),
      )
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') void refresh();
      });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [merchantSlug, clientId, queryClient]);
}
