import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { AdminMerchant } from '@/features/admin/api/list-merchants';
import { QrGenerator } from '@/features/admin/components/qr-generator';
import { merchantLinks } from '@/features/admin/merchant-links';
import { adminTexts } from '@/features/admin/texts';
import { cx } from 'class-variance-authority';

const t = adminTexts.merchants;

/** A contact or link of the merchant; a wide one (a link) takes the whole row from sm up. */
function Detail({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cx('grid min-w-0 gap-0.5', wide && 'sm:col-span-3')}>
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** One merchant of 'Elenco Commercianti': contacts, links and the QR generator. */
export function MerchantCard({ merchant }: { merchant: AdminMerchant }) {
  const links = merchantLinks(window.location.origin, merchant.slug);
  const headingId = `merchant-${merchant.id}`;
  return (
    <Card aria-labelledby={headingId} role="article">
      <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2 px-4 sm:px-6">
        <h3 id={headingId} className="text-xl font-semibold">
          {merchant.name}
        </h3>
        <span className="rounded-full bg-accent px-3 py-0.5 text-sm font-semibold text-accent-foreground">
          {t.codePrefixLabel} {merchant.code_prefix}
        </span>
      </CardHeader>
      <CardContent className="grid gap-5 px-4 sm:px-6">
        <dl className="grid gap-3 sm:grid-cols-3">
          <Detail label={t.phoneLabel}>{merchant.phone || t.noValue}</Detail>
          <Detail label={t.emailLabel}>{merchant.email || t.noValue}</Detail>
          <Detail label={t.websiteLabel}>{merchant.website || t.noValue}</Detail>
          <Detail label={t.registrationLink} wide>
            <a href={links.registration} className="break-all">
              {links.registration}
            </a>
          </Detail>
          <Detail label={t.loginLink} wide>
            <a href={links.login} className="break-all">
              {links.login}
            </a>
          </Detail>
        </dl>
        <QrGenerator slug={merchant.slug} name={merchant.name} />
      </CardContent>
    </Card>
  );
}
