// Built apart (vite.config.ts, `prerender`) for server/: a signed-in area's frame inside #root, painted
// before the area's code and data arrive and kept until the area replaces it (src/app/routes/painted-area-shell.tsx).
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { clientNavItems } from '@/app/areas/client-nav-items';
import { dashboardNavItems } from '@/app/areas/dashboard-nav-items';
import { paintedShellAttribute } from '@/app/routes/painted-shell-attribute';
import { AreaLayout } from '@/components/layouts/area-layout';
import type { AreaNavItem } from '@/components/layouts/area-nav-items';
import { PageHeading } from '@/components/layouts/page-heading';
import { LoadingBlocks } from '@/components/loading-blocks';
import { Skeleton } from '@/components/ui/skeleton';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { areaTexts } from '@/lib/area-texts';
import { texts } from '@/lib/texts';

/** A screen's heading and lead, the texts the screen itself shows (a lead naming the salon is not painted). */
interface ScreenHeading {
  title: string;
  lead?: string;
}

interface AreaFrame {
  name: string;
  items: AreaNavItem[];
  /** What stands above every screen's heading (the customer's salon card), as a grey block. */
  aboveScreen?: string;
  screens: Record<string, ScreenHeading>;
}

const areas: Record<string, AreaFrame> = {
  client: {
    name: areaTexts.client.areaName,
    items: clientNavItems,
    aboveScreen: 'mb-6 h-[4.625rem] rounded-2xl',
    // Anagrafica, Acquisti and Presenta name the salon in their lead: they keep 'Caricamento...'.
    screens: { crediti: clientLoyaltyTexts.crediti, struttura: clientLoyaltyTexts.struttura },
  },
  dashboard: {
    name: areaTexts.dashboard.areaName,
    items: dashboardNavItems,
    screens: {
      registrazioni: merchantLoyaltyTexts.registrazioni,
      movimenti: merchantLoyaltyTexts.movimenti,
      clienti: merchantLoyaltyTexts.clienti,
      prenotazioni: bookingMerchantTexts.prenotazioni,
      agenda: bookingMerchantTexts.agenda,
      struttura: merchantLoyaltyTexts.struttura,
    },
  },
};

/**
 * /client/{screen} or /dashboard/{screen} before its code arrives: the area's navigation and header
 * (its generic name: the salon and the person are the data's to say), the screen's heading and grey
 * blocks; undefined for any other path.
 */
export function areaShellHtml(path: string): string | undefined {
  const [, area, segment] = /^\/([a-z]+)\/([a-z]+)\/?$/.exec(path) ?? [];
  const frame = area ? areas[area] : undefined;
  const heading = segment && frame ? frame.screens[segment] : undefined;
  if (!frame || !heading) return undefined;
  // Hidden from assistive technology and inert: a picture of the screen to come, whose links and
  // 'Esci' work once the app does; meanwhile it says, as the loading screen did, that it is loading.
  return renderToString(
    <StaticRouter location={path}>
      <div {...{ [paintedShellAttribute]: '' }}>
        <p role="status" className="sr-only">
          {texts.app.loading}
        </p>
        <div inert aria-hidden="true">
          <AreaLayout
            areaName={frame.name}
            subtitle={'\u00a0'}
            items={frame.items}
            onSignOut={() => undefined}
          >
            {frame.aboveScreen ? <Skeleton className={frame.aboveScreen} /> : null}
            <section className="grid gap-6">
              <PageHeading lead={heading.lead}>{heading.title}</PageHeading>
              <LoadingBlocks />
            </section>
          </AreaLayout>
        </div>
      </div>
    </StaticRouter>,
  );
}
