import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/layouts/loading-screen';
import { paths } from '@/config/paths';
import { whoamiQueryOptions } from '@/features/auth/api/get-whoami';
import { queryClient } from '@/lib/query-client';
import { AuthActionRedirect, HomePage } from '@/app/routes/home-page';
import { ClientAuthActionPage, MerchantAuthActionPage } from '@/app/routes/auth-action-pages';
import { ClientLoginPage, ClientPrivacyPage, ClientRegistrationPage } from '@/app/routes/client-pages';
import { AdminLoginPage, MerchantLoginPage } from '@/app/routes/merchant-login-page';
import { NotFoundPage } from '@/app/routes/not-found-page';
import { ClientResetPasswordPage, MerchantResetPasswordPage } from '@/app/routes/reset-password-pages';
import { RootLayout } from '@/app/routes/root-layout';
import { RouteErrorScreen } from '@/app/routes/route-error-screen';

type Screens = Record<string, ComponentType>;

/**
 * An area (client, dashboard, admin) is its own chunk, loaded on first visit, so the public and
 * sign-in screens stay small. Its layout is a pathless route, so /admin stays the login page.
 */
function area(
  base: string,
  load: () => Promise<{ Layout: ComponentType; screens: Screens }>,
  segments: string[],
): RouteObject {
  const screen = (name: string) => async () => {
    const { screens } = await load();
    const Component = screens[name];
    if (!Component) throw new Error(`Schermata sconosciuta: ${name}`);
    return { Component };
  };
  return {
    lazy: async () => {
      // The role guard asks whoami: asked while the area's code downloads, not after it.
      void queryClient.prefetchQuery(whoamiQueryOptions());
      return { Component: (await load()).Layout };
    },
    children: segments.map((segment) => ({ path: `${base}/${segment}`, lazy: screen(segment) })),
  };
}

const loadClient = () =>
  import('@/app/areas/client-area').then((m) => ({ Layout: m.ClientArea, screens: m.clientScreens }));
const loadDashboard = () =>
  import('@/app/areas/dashboard-area').then((m) => ({
    Layout: m.DashboardArea,
    screens: m.dashboardScreens,
  }));
const loadAdmin = () =>
  import('@/app/areas/admin-area').then((m) => ({ Layout: m.AdminArea, screens: m.adminScreens }));

/**
 * Spec §2's routes. Static segments (client, dashboard, admin, merchant) rank above /:merchantSlug.
 * A screen that fails (its chunk gone after a deploy, a bug) shows the Italian error screen inside the
 * root layout, so the offline and update banners stay; the outer boundary catches the layout itself.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteErrorScreen,
    children: [{ ErrorBoundary: RouteErrorScreen, children: screenRoutes() }],
  },
];

function screenRoutes(): RouteObject[] {
  return [
    { path: paths.home.path, element: <AuthActionRedirect fallback={<HomePage />} /> },

    { path: paths.adminLogin.path, Component: AdminLoginPage },
    area('/admin', loadAdmin, ['merchants', 'riepilogo', 'albero']),
    { path: paths.merchantLogin.path, Component: MerchantLoginPage },
    { path: paths.merchantResetPassword.path, Component: MerchantResetPasswordPage },
    { path: paths.merchantAuthAction.path, Component: MerchantAuthActionPage },

    { path: paths.client.root.path, element: <Navigate to={paths.client.profile.href()} replace /> },
    {
      path: paths.dashboard.root.path,
      element: <Navigate to={paths.dashboard.registrazioni.href()} replace />,
    },
    area('/client', loadClient, ['profile', 'acquisti', 'presenta', 'crediti', 'struttura', 'prenota']),
    area('/dashboard', loadDashboard, [
      'registrazioni',
      'movimenti',
      'clienti',
      'prenotazioni',
      'agenda',
      'percentuali',
      'statistiche',
      'struttura',
      'impostazioni',
    ]),

    { path: paths.clientRegistration.path, Component: ClientRegistrationPage },
    { path: paths.clientRegister.path, Component: ClientRegistrationPage },
    { path: paths.clientLogin.path, Component: ClientLoginPage },
    { path: paths.clientPrivacy.path, Component: ClientPrivacyPage },
    { path: paths.clientResetPassword.path, Component: ClientResetPasswordPage },
    { path: paths.clientAuthAction.path, Component: ClientAuthActionPage },

    { path: '*', Component: NotFoundPage },
  ];
}

export const router = createBrowserRouter(routes);
