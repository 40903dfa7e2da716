import '@/lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { seedPrerenderedSalonPage } from '@/features/merchants/api/get-salon-public-page';
import { queryClient } from '@/lib/query-client';
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
// A salon's page the server painted (server/spa/salon-body.ts) is taken over in place, not painted
// again, in a transition: React hydrates it in short slices, leaving the main thread free between them.
if (seedPrerenderedSalonPage(queryClient)) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);

registerServiceWorker();
