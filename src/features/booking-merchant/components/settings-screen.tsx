import { PageHeading } from '@/components/layouts/page-heading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BookingEmailsCard } from '@/features/booking-merchant/components/booking-emails-card';
import { CancellationNoticeCard } from '@/features/booking-merchant/components/cancellation-notice-card';
import { ClosuresCard } from '@/features/booking-merchant/components/closures-card';
import { NoShowAlertCard } from '@/features/booking-merchant/components/no-show-alert-card';
import { OpeningHoursCard } from '@/features/booking-merchant/components/opening-hours-card';
import { OperatorsSection } from '@/features/booking-merchant/components/operators-section';
import { SalonLogoCard } from '@/features/booking-merchant/components/salon-logo-card';
import { TreatmentsSection } from '@/features/booking-merchant/components/treatments-section';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';

const t = bookingMerchantTexts.impostazioni;

const sections = [
  { value: 'orari', label: t.tabHours },
  { value: 'operatori', label: t.tabOperators },
  { value: 'trattamenti', label: t.tabTreatments },
  { value: 'salone', label: t.tabSalon },
] as const;

/**
 * /dashboard/impostazioni 'Impostazioni', in four tabs: opening hours and closures; operators (with
 * their hours and absences); treatments; the salon's logo, cancellation notice, address and e-mails.
 */
export function SettingsScreen() {
  return (
    <section className="grid gap-6">
      <PageHeading lead={t.lead}>{t.title}</PageHeading>
      <Tabs defaultValue="orari">
        <TabsList aria-label={t.tabs} className="flex w-full flex-wrap sm:w-auto">
          {sections.map((section) => (
            <TabsTrigger
              key={section.value}
              value={section.value}
              className="flex-1 px-3 sm:flex-none sm:px-4"
            >
              {section.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="orari" className="grid gap-6">
          <OpeningHoursCard />
          <ClosuresCard />
        </TabsContent>
        <TabsContent value="operatori">
          <OperatorsSection />
        </TabsContent>
        <TabsContent value="trattamenti">
          <TreatmentsSection />
        </TabsContent>
        <TabsContent value="salone" className="grid gap-6">
          <SalonLogoCard />
          <CancellationNoticeCard />
          <BookingEmailsCard />
          <NoShowAlertCard />
        </TabsContent>
      </Tabs>
    </section>
  );
}
