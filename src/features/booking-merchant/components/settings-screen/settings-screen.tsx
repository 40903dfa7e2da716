import type { ReactNode } from 'react';
import { PageHeading } from '@/components/layouts/page-heading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BookingEmailsCard } from '@/features/booking-merchant/components/settings-screen/booking-emails-card';
import { ClosuresCard } from '@/features/booking-merchant/components/settings-screen/closures-card';
import { MovesCard } from '@/features/booking-merchant/components/settings-screen/moves-card';
import { OneNumberSettingCard } from '@/features/booking-merchant/components/settings-screen/one-number-setting-card';
import {
  cancellationNotice,
  noShowAlert,
  openRequests,
} from '@/features/booking-merchant/components/settings-screen/one-number-settings';
import { OpeningHoursCard } from '@/features/booking-merchant/components/settings-screen/opening-hours-card';
import { OperatorsSection } from '@/features/booking-merchant/components/settings-screen/operators-section/operators-section';
import { ResourcesSection } from '@/features/booking-merchant/components/settings-screen/resources-section/resources-section';
import { SalonLogoCard } from '@/features/booking-merchant/components/settings-screen/salon-logo-card';
import { TreatmentsSection } from '@/features/booking-merchant/components/settings-screen/treatments-section/treatments-section';
import { FirstVisitRewardCard } from '@/features/booking-merchant/components/settings-screen/first-visit-reward-card';
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
 * their hours and absences); treatments; the salon's logo, its rules (cancellation notice, open-request
 * limit, no-show alert, and `salonRules` from the features that own theirs), address and e-mails.
 */
export function SettingsScreen({ salonRules }: { salonRules?: ReactNode }) {
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
          <OneNumberSettingCard setting={cancellationNotice} />
          <OneNumberSettingCard setting={openRequests} />
          <MovesCard />
          <BookingEmailsCard />
          <OneNumberSettingCard setting={noShowAlert} />
          <FirstVisitRewardCard />
          {salonRules}
        </TabsContent>
      </Tabs>
    </section>
  );
}
