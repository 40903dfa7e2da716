import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePendingCount } from '@/features/booking-merchant/api/pending-count';
import { InboxSection } from '@/features/booking-merchant/components/reservations-screen/inbox-section';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';

const t = bookingMerchantTexts.prenotazioni;

/** The tab in the address (`?sezione=prossime`), so a reload or the back button keeps it. */
const sectionParams = { to_answer: null, upcoming: 'prossime', history: 'storico' } as const;
type Section = keyof typeof sectionParams;
const sectionOf = (param: string | null): Section =>
  (Object.keys(sectionParams) as Section[]).find((section) => sectionParams[section] === param) ??
  'to_answer';

/** Each tab as wide as its words, so 'Da confermare' and its count stay on one line on a phone (a tab that
 * does not fit beside them goes to a second row). */
const trigger = 'flex-auto gap-2 px-2 text-sm whitespace-nowrap sm:flex-none sm:px-4 sm:text-base';

/**
 * /dashboard/prenotazioni 'Prenotazioni': an inbox in three tabs, the requests to answer (counted, as in
 * the navigation's badge), the upcoming appointments and the history, each paged on the server, live.
 */
export function ReservationsScreen() {
  const pending = usePendingCount(false).data ?? 0;
  const [params, setParams] = useSearchParams();
  const showSection = (value: string) => {
    const param = sectionParams[value as Section];
    setParams(param ? { sezione: param } : {}, { replace: true });
  };
  return (
    <section className="grid gap-6">
      <PageHeading lead={t.lead}>{t.title}</PageHeading>
      <Tabs value={sectionOf(params.get('sezione'))} onValueChange={showSection}>
        <TabsList
          aria-label={t.sections}
          className="flex w-full flex-wrap sm:inline-flex sm:w-auto sm:flex-nowrap"
        >
          <TabsTrigger value="to_answer" className={trigger}>
            {t.toAnswer}
            {pending > 0 ? (
              <span className="min-w-6 rounded-full bg-primary px-1.5 text-center text-xs leading-6 font-bold text-primary-foreground">
                <span aria-hidden="true">{pending}</span>
                <span className="sr-only">{`(${pending})`}</span>
              </span>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="upcoming" className={trigger}>
            {t.upcoming}
          </TabsTrigger>
          <TabsTrigger value="history" className={trigger}>
            {t.history}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="to_answer">
          <InboxSection section="to_answer" empty={t.emptyToAnswer} />
        </TabsContent>
        <TabsContent value="upcoming">
          <InboxSection section="upcoming" empty={t.emptyUpcoming} />
        </TabsContent>
        <TabsContent value="history">
          <InboxSection section="history" empty={t.emptyHistory} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
