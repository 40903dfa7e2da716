import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { WhoamiClient } from '@/lib/whoami';
import { nextAppointmentQueryOptions } from '@/features/booking-client/api/get-next-appointment';
import { clientCreditQueryOptions } from '@/features/client-loyalty/api/get-client-credit';
import { rememberLastSalon } from '@/lib/last-salon';
import { saveSalonSnapshot } from '@/lib/offline-snapshot';

/**
 * Keeps on the device what the customer would see first of her current salon — credit and next
 * appointment — each time it is read, so the app opened offline can still show it. It reads both once
 * per visit to the area; the Crediti and Prenota screens share the same cached queries.
 */
export function ClientSnapshotKeeper({ userId, current }: { userId: string; current: WhoamiClient }) {
  const queryClient = useQueryClient();
  const { merchant_slug: merchantSlug, merchant_name: merchantName, name: clientName, code } = current;

  useEffect(() => {
    rememberLastSalon({ slug: merchantSlug, name: merchantName });
    saveSalonSnapshot(userId, merchantSlug, { merchantName, clientName, clientCode: code });
    const credit = clientCreditQueryOptions(merchantSlug);
    const nextAppointment = nextAppointmentQueryOptions(merchantSlug);

    const keepCredit = () => {
      const data = queryClient.getQueryData(credit.queryKey);
      if (data) saveSalonSnapshot(userId, merchantSlug, { availableCredit: data.available_credit });
    };
    const keepNextAppointment = () => {
      const next = queryClient.getQueryData(nextAppointment.queryKey);
      if (next === undefined) return;
      saveSalonSnapshot(userId, merchantSlug, {
        nextAppointment: next && {
          date: next.date,
          time: next.time,
          treatmentName: next.treatment_name,
          operatorName: next.operator_name,
          status: next.status,
        },
      });
    };

    const creditHash = JSON.stringify(credit.queryKey);
    const nextAppointmentHash = JSON.stringify(nextAppointment.queryKey);
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const hash = JSON.stringify(event.query.queryKey);
      if (hash === creditHash) keepCredit();
      if (hash === nextAppointmentHash) keepNextAppointment();
    });
    keepCredit();
    keepNextAppointment();
    void queryClient.prefetchQuery(credit);
    void queryClient.prefetchQuery(nextAppointment);
    return unsubscribe;
  }, [queryClient, userId, merchantSlug, merchantName, clientName, code]);

  return null;
}
