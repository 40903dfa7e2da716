import type { AreaScreens } from '@/app/routes/area-route';

/** /admin/*'s screens, each in a chunk of its own. */
export const adminScreens: AreaScreens = {
  screens: {
    merchants: () =>
      import('@/features/admin/components/admin-merchants-screen').then((m) => m.AdminMerchantsScreen),
    riepilogo: () =>
      import('@/features/admin/components/admin-summary-screen').then((m) => m.AdminSummaryScreen),
    albero: () => import('@/features/admin/components/admin-tree-screen').then((m) => m.AdminTreeScreen),
  },
};
