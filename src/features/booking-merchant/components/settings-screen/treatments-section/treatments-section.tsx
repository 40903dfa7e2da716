import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useOperators } from '@/features/booking-merchant/api/list-operators';
import { useTreatments } from '@/features/booking-merchant/api/list-treatments';
import { AddTreatmentForm } from '@/features/booking-merchant/components/settings-screen/treatments-section/add-treatment-form';
import { TreatmentCard } from '@/features/booking-merchant/components/settings-screen/treatments-section/treatment-card';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';

const t = bookingMerchantTexts.impostazioni;

/** Treatments: a form for a new one (every field, at least one operator) and the list to edit or delete. */
export function TreatmentsSection() {
  const treatments = useTreatments();
  const operators = useOperators();
  return (
    <section aria-labelledby="treatments-title">
      <Card>
        <CardHeader>
          <CardTitle id="treatments-title">{t.treatments}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <AddTreatmentForm operators={operators.data ?? []} />
          <QueryView
            query={treatments}
            pending={<LoadingBlocks count={2} className="h-20" />}
            empty={t.emptyTreatments}
          >
            {(data) => (
              <ul aria-label={t.treatments} className="grid gap-3 sm:grid-cols-2">
                {data.map((treatment) => (
                  <li key={treatment.id}>
                    <TreatmentCard treatment={treatment} operators={operators.data ?? []} />
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}
