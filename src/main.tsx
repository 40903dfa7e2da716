import '@/lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { seedPrerenderedLoginPage } from '@/app/routes/painted-login-page';
import { seedPrerenderedSalonPage } from '@/features/merchants/api/get-salon-public-page';
import { queryClient } from '@/lib/query-client';
import { isPaintedPage } from '@/lib/painted-page';
import { applyStylesheetsAfterPaint } from '@/lib/stylesheets-after-paint';
import { registerServiceWorker } from '@/pwa/register-service-worker';
import '@/index.css';

applyStylesheetsAfterPaint();
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A page the server painted (a salon's, its logins, the home: server/spa/) is taken over in place, not
// painted again, in a transition: React hydrates it in short slices, leaving the main thread free between them.
const painted =
  seedPrerenderedSalonPage(queryClient) || seedPrerenderedLoginPage(queryClient) || isPaintedPage(root);
if (painted) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);

registerServiceWorker();
