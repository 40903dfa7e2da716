import { lazy, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
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

type Area = { Layout: ComponentType; screens: Record<string, ComponentType> };

/**
 * An area (client, dashboard, admin) is its own chunk, loaded on first visit, so the public and
 * sign-in screens stay small. Its layout wraps its screens; a segment it does not have is not found.
 */
function area(load: () => Promise<Area>): ComponentType {
  return lazy(async () => {
    // The role guard asks whoami: asked while the area's code downloads, not after it.
    void queryClient.prefetchQuery(whoamiQueryOptions());
    const { Layout, screens } = await load();
    const routes: RouteObject[] = [
      {
        element: <Layout />,
        children: Object.entries(screens).map(([segment, Screen]) => ({
          path: segment,
          element: <Screen />,
        })),
      },
      { path: '*', element: <NotFoundPage /> },
    ];
    function AreaRoutes() {
      return useRoutes(routes);
    }
    return { default: AreaRoutes };
  });
}

const ClientArea = area(() =>
  import('@/app/areas/client-area').then((m) => ({ Layout: m.ClientArea, screens: m.clientScreens })),
);
const DashboardArea = area(() =>
  import('@/app/areas/dashboard-area').then((m) => ({
    Layout: m.DashboardArea,
    screens: m.dashboardScreens,
  })),
);
const AdminArea = area(() =>
  import('@/app/areas/admin-area').then((m) => ({ Layout: m.AdminArea, screens: m.adminScreens })),
);

/**
 * Spec §2's routes, in React Router's declarative mode (the data router's loaders are not used, and
 * its code would double what the public pages download). Static segments rank above /:merchantSlug.
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home.path, element: <AuthActionRedirect fallback={<HomePage />} /> },

      { path: paths.adminLogin.path, element: <AdminLoginPage /> },
      { path: '/admin/*', element: <AdminArea /> },
      { path: paths.merchantLogin.path, element: <MerchantLoginPage /> },
      { path: paths.merchantResetPassword.path, element: <MerchantResetPasswordPage /> },
      { path: paths.merchantAuthAction.path, element: <MerchantAuthActionPage /> },

      { path: paths.client.root.path, element: <Navigate to={paths.client.profile.href()} replace /> },
      {
        path: paths.dashboard.root.path,
        element: <Navigate to={paths.dashboard.registrazioni.href()} replace />,
      },
      { path: '/client/*', element: <ClientArea /> },
      { path: '/dashboard/*', element: <DashboardArea /> },

      { path: paths.clientRegistration.path, element: <ClientRegistrationPage /> },
      { path: paths.clientRegister.path, element: <ClientRegistrationPage /> },
      { path: paths.clientLogin.path, element: <ClientLoginPage /> },
      { path: paths.clientPrivacy.path, element: <ClientPrivacyPage /> },
      { path: paths.clientResetPassword.path, element: <ClientResetPasswordPage /> },
      { path: paths.clientAuthAction.path, element: <ClientAuthActionPage /> },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
