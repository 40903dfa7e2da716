// Built apart (vite.config.ts, `prerender`) for server/: the HTML of a salon's page inside #root.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { SalonPageFrame } from '@/app/routes/salon-page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import type { SalonPublicPage } from '@/features/merchants/api/get-salon-public-page';

export { salonPageSamples } from '@/prerender/salon-page-samples';

/** /{slug} as the app first renders it, with the registration form's placeholder (and the logo's preload first). */
export function salonPageHtml(salon: SalonPublicPage, url: string): string {
  const search = new URL(url, 'http://localhost').searchParams;
  const html = renderToString(
    <StaticRouter location={url}>
      <SalonPageFrame salon={salon} search={search}>
        <Skeleton className="h-72" />
      </SalonPageFrame>
    </StaticRouter>,
  );
  // React puts a preload of the logo (fetchPriority high) before the page: server/ moves it into the
  // <head>, as the app hydrates #root expecting the page as its first child.
  return html;
}
