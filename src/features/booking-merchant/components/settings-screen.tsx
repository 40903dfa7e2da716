import { PageHeading } from '@/components/layouts/page-heading';
import { OperatorsSection } from '@/features/booking-merchant/components/operators-section';
import { TreatmentsSection } from '@/features/booking-merchant/components/treatments-section';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';

const t = bookingMerchantTexts.impostazioni;

/** /dashboard/impostazioni 'Impostazioni': the salon's operators and treatments. */
export function SettingsScreen() {
  return (
    <section className="grid gap-6">
      <div className="grid gap-1">
        <PageHeading>{t.title}</PageHeading>
        <p className="text-muted-foreground">{t.lead}</p>
      </div>
      <div className="grid gap-6">
        <OperatorsSection />
        <TreatmentsSection />
      </div>
    </section>
  );
}
