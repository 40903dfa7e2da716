import type { SalonPublicPage } from '@/features/merchants/api/get-salon-public-page';

const treatment = (id: number, name: string, description = '') => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  description,
  duration_minutes: 45,
  price: 35.5,
});

const furnished: SalonPublicPage = {
  slug: 'esempio',
  name: 'Salone di esempio',
  logo_url: 'esempio/logo.png',
  address: 'Via Roma 1, Milano',
  phone: '+39 02 1234567',
  opening_hours: [{ weekday: 1, opens: '09:00', closes: '19:00' }],
  closures: [
    { day: '2026-12-25', reason: 'Natale' },
    { day: '2026-12-26', reason: null },
  ],
  treatments: [
    treatment(1, 'Manicure', 'Limatura e smalto'),
    treatment(2, 'Pedicure'),
    treatment(3, 'Piega'),
    treatment(4, 'Taglio'),
    treatment(5, 'Colore'),
    treatment(6, 'Ceretta'),
    treatment(7, 'Massaggio'),
    treatment(8, 'Trucco'),
    treatment(9, 'Ciglia'),
  ],
  operators: [
    { name: 'Giulia', image_url: 'esempio/giulia.png' },
    { name: 'Marta', image_url: null },
  ],
};

const bare: SalonPublicPage = {
  ...furnished,
  logo_url: null,
  address: null,
  opening_hours: [],
  closures: [],
  treatments: furnished.treatments.slice(0, 2),
  operators: [],
};

/**
 * Salons whose painted pages, together, use every class a salon's page can: the build inlines the
 * CSS rules of these classes in the served page (vite.config.ts, `prerender`).
 */
export const salonPageSamples: { salon: SalonPublicPage; url: string }[] = [
  { salon: furnished, url: `/esempio?trattamento=${furnished.treatments[0]!.id}` },
  { salon: furnished, url: '/esempio/register?ref=ABC123' },
  { salon: bare, url: '/esempio' },
];
