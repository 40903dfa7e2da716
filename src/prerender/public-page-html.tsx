// Built apart (vite.config.ts, `prerender`) for server/: a public page inside #root, as the app first
// renders it for a visitor who is not signed in.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes } from '@/app/router';
import { seedSignedOutLoginPage } from '@/app/routes/painted-login-page';
import type { MerchantPublic } from '@/features/merchants/api/get-merchant-public';

/** `url` rendered by the app's own routes (the form's ids come from the place in the tree): what it hydrates. */
function appPageHtml(url: string, client: QueryClient): string {
  return renderToString(
    <QueryClientProvider client={client}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </QueryClientProvider>,
  );
}

/** `/` for a visitor with no salon remembered. */
export function homePageHtml(): string {
  return appPageHtml('/', new QueryClient());
}

/** A salon's login page (/merchant/{slug}, /{slug}/login) with its form, as a visitor not signed in sees it. */
export function loginPageHtml(merchant: MerchantPublic, url: string): string {
  const client = new QueryClient();
  seedSignedOutLoginPage(client, merchant);
  return appPageHtml(url, client);
}

/** Login pages whose painted markup, together, use every class a login page can (the build inlines their rules). */
export const loginPageSamples: { merchant: MerchantPublic; url: string }[] = [
  {
    merchant: { slug: 'esempio', name: 'Salone di esempio', logo_url: 'esempio/logo.png' },
    url: '/merchant/esempio',
  },
  {
    merchant: { slug: 'esempio', name: 'Salone di esempio', logo_url: null },
    url: '/esempio/login?trattamento=x',
  },
];
