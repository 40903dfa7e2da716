import '@/lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
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
// A page the server painted (a salon's, server/spa/salon-body.ts; the home) is taken over in place, not
// painted again, in a transition: React hydrates it in short slices, leaving the main thread free between them.
if (seedPrerenderedSalonPage(queryClient) || isPaintedPage(root))
  startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);

registerServiceWorker();
