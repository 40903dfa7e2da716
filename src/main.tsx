import '@/lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { seedPrerenderedSalonPage } from '@/features/merchants/api/get-salon-public-page';
import { queryClient } from '@/lib/query-client';
import { registerServiceWorker } from '@/pwa/register-service-worker';
import '@/index.css';

seedPrerenderedSalonPage(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
