import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { MarketingConsent } from '@/features/client-loyalty/components/privacy-section/marketing-consent';
import { DataDownload } from '@/features/client-loyalty/components/privacy-section/data-download';
import { AccountErasure } from '@/features/client-loyalty/components/privacy-section/account-erasure';

const t = clientLoyaltyTexts.privacy;

/** Anagrafica's GDPR corner: the marketing choice, the data download and erasing the account. */
export function PrivacySection({ merchantSlug }: { merchantSlug: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <MarketingConsent merchantSlug={merchantSlug} />
        <DataDownload merchantSlug={merchantSlug} />
        <AccountErasure merchantSlug={merchantSlug} />
      </CardContent>
    </Card>
  );
}
