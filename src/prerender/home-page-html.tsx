// Built apart (vite.config.ts, `prerender`) for server/: the home page inside #root, as the app first renders it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { AuthActionRedirect, HomePage } from '@/app/routes/home-page';
import { RootLayout } from '@/app/routes/root-layout';

/**
 * `/` as the app renders it for a visitor with no salon remembered, inside the app's own layout (the
 * form's ids come from the place in the tree): the markup the app hydrates.
 */
export function homePageHtml(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location="/">
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="/" element={<AuthActionRedirect fallback={<HomePage />} />} />
          </Route>
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
}
