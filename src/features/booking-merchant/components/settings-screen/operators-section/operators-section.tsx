import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useOperators } from '@/features/booking-merchant/api/list-operators';
import { AddOperatorForm } from '@/features/booking-merchant/components/settings-screen/operators-section/add-operator-form';
import { OperatorCard } from '@/features/booking-merchant/components/settings-screen/operators-section/operator-card';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';

const t = bookingMerchantTexts.impostazioni;

/** Operators: a form for a new one (name and photo required) and the list with edit and delete. */
export function OperatorsSection() {
  const operators = useOperators();
  return (
    <section aria-labelledby="operators-title">
      <Card>
        <CardHeader>
          <CardTitle id="operators-title">{t.operators}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <AddOperatorForm />
          <QueryView
            query={operators}
            pending={<LoadingBlocks count={2} className="h-20" />}
            empty={t.emptyOperators}
          >
            {(data) => (
              <ul aria-label={t.operators} className="grid gap-3 sm:grid-cols-2">
                {data.map((operator) => (
                  <li key={operator.id}>
                    <OperatorCard operator={operator} />
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
