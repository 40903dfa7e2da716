import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMerchantProfile } from '@/features/booking-merchant/api/get-merchant-profile';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';
import { supabase } from '@/lib/supabase';

/**
 * Keeps the reservations and the agenda live: every change to one of the salon's reservations
 * (RLS lets through only its own) reads them again. Also reads once the subscription is up, so a
 * change made while it was joining is not missed.
 */
export function useWatchMerchantReservations() {
  const queryClient = useQueryClient();
  const merchantId = useMerchantProfile().data?.id;
  useEffect(() => {
    if (!merchantId) return;
    const refresh = () => queryClient.invalidateQueries({ queryKey: reservationsKey });
    const channel = supabase
      .channel(`merchant-reservations-${merchantId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'app', table: 'reservations', filter: `merchant_id=eq.${merchantId}` },
        () => void refresh(),
      )
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') void refresh();
      });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [merchantId, queryClient]);
}
