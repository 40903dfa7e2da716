import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bookingKey } from '@/features/booking-client/api/schemas';
import { supabase } from '@/lib/supabase';

/**
 * Keeps the customer's reservations live: every change to one of them (RLS lets through only the
 * customer's own) reads the salon's booking again, reservations and free times alike. Also reads
 * once the subscription is up, so a change made while it was joining is not missed.
 */
export function useWatchClientReservations(merchantSlug: string, clientId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: bookingKey(merchantSlug) });
    const channel = supabase
      .channel(`client-reservations-${clientId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'app', table: 'reservations', filter: `client_id=eq.${clientId}` },
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
