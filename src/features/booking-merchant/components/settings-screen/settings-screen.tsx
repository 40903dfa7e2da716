import { PageHeading } from '@/components/layouts/page-heading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BookingEmailsCard } from '@/features/booking-merchant/components/settings-screen/booking-emails-card';
import { CancellationNoticeCard } from '@/features/booking-merchant/components/settings-screen/cancellation-notice-card';
import { ClosuresCard } from '@/features/booking-merchant/components/settings-screen/closures-card';
import { OpenRequestsCard } from '@/features/booking-merchant/components/settings-screen/open-requests-card';
import { OpeningHoursCard } from '@/features/booking-merchant/components/settings-screen/opening-hours-card';
import { OperatorsSection } from '@/features/booking-merchant/components/settings-screen/operators-section/operators-section';
import { ResourcesSection } from '@/features/booking-merchant/components/settings-screen/resources-section/resources-section';
import { SalonLogoCard } from '@/features/booking-merchant/components/settings-screen/salon-logo-card';
import { TreatmentsSection } from '@/features/booking-merchant/components/settings-screen/treatments-section/treatments-section';
import { NoShowAlertCard } from '@/features/booking-merchant/components/settings-screen/no-show-alert-card';
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
 * their hours and absences); treatments; the salon's logo, cancellation notice, open-request limit,
 * address and e-mails.
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
        <TabsContent value="operatori" className="grid gap-6">
          <OperatorsSection />
          <ResourcesSection />
        </TabsContent>
        <TabsContent value="trattamenti">
          <TreatmentsSection />
        </TabsContent>
        <TabsContent value="salone" className="grid gap-6">
          <SalonLogoCard />
          <CancellationNoticeCard />
          <OpenRequestsCard />
          <BookingEmailsCard />
          <NoShowAlertCard />
        </TabsContent>
      </Tabs>
    </section>
  );
}
