import '@/lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { seedPrerenderedSalonPage } from '@/features/merchants/api/get-salon-public-page';
import { queryClient } from '@/lib/query-client';
import { registerServiceWorker } from '@/pwa/register-service-worker';
import '@/index.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A salon's page the server painted (server/spa/salon-body.ts) is taken over in place, not painted again.
if (seedPrerenderedSalonPage(queryClient)) hydrateRoot(root, app);
else createRoot(root).render(app);

registerServiceWorker();
