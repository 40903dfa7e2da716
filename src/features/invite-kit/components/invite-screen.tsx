import { PageHeading } from '@/components/layouts/page-heading';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { useInviteSalon } from '@/features/invite-kit/api/get-invite-salon';
import { JoinLinkCard } from '@/features/invite-kit/components/join-link-card';
import { PosterCard } from '@/features/invite-kit/components/poster-card';
import { QrCard } from '@/features/invite-kit/components/qr-card';
import { joinLink } from '@/features/invite-kit/join-link';
import { inviteKitTexts as t } from '@/features/invite-kit/texts';
import { fill } from '@/lib/texts';

/** /dashboard/invita 'Invita clienti': the salon's join link to copy or send, its QR code and its poster. */
export function InviteScreen() {
  const salon = useInviteSalon();
  return (
    <section className="grid gap-6">
      <PageHeading lead={salon.data ? fill(t.lead, { merchant: salon.data.name }) : undefined}>
        {t.title}
      </PageHeading>
      <QueryView query={salon} pending={<LoadingBlocks count={3} className="h-48" />} errorText={t.loadError}>
        {(data) => {
          const link = joinLink(window.location.origin, data.slug);
          return (
            <div className="grid items-start gap-6 lg:grid-cols-2">
              <div className="grid gap-6">
                <JoinLinkCard salonName={data.name} link={link} />
                <QrCard salon={data} link={link} />
              </div>
              <PosterCard salon={data} link={link} />
            </div>
          );
        }}
      </QueryView>
    </section>
  );
}
