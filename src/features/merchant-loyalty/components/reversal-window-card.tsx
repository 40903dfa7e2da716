import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ReversalWindowForm } from '@/features/merchant-loyalty/components/reversal-window-form';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';

const t = merchantLoyaltyTexts.percentuali.storno;

/** The storno window as a card among the salon's rules in Impostazioni. */
export function ReversalWindowCard() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>{t.title}</CardTitle>
          <CardDescription>{t.lead}</CardDescription>
        </CardHeader>
        <CardContent>
          <ReversalWindowForm />
        </CardContent>
      </Card>
    </section>
  );
}
