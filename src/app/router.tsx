import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { areaRoute } from '@/app/routes/area-route';
import { paths } from '@/config/paths';
import { AuthActionRedirect, HomePage } from '@/app/routes/home-page';
import { ClientAuthActionPage, MerchantAuthActionPage } from '@/app/routes/auth-action-pages';
import { ClientLoginPage, ClientPrivacyPage, ClientRegistrationPage } from '@/app/routes/client-pages';
import { AdminLoginPage, MerchantLoginPage } from '@/app/routes/merchant-login-page';
import { NotFoundPage } from '@/app/routes/not-found-page';
import { ClientResetPasswordPage, MerchantResetPasswordPage } from '@/app/routes/reset-password-pages';
import { RootLayout } from '@/app/routes/root-layout';

const ClientArea = areaRoute(
  () => import('@/app/areas/client-area').then((m) => m.ClientArea),
  () => import('@/app/areas/client-screens').then((m) => m.clientScreens),
);
const DashboardArea = areaRoute(
  () => import('@/app/areas/dashboard-area').then((m) => m.DashboardArea),
  () => import('@/app/areas/dashboard-screens').then((m) => m.dashboardScreens),
);
const AdminArea = areaRoute(
  () => import('@/app/areas/admin-area').then((m) => m.AdminArea),
  () => import('@/app/areas/admin-screens').then((m) => m.adminScreens),
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
