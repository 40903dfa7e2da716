/** Every route of spec §2 as a { path, href() } pair: `path` for the router, `href()` for links. */

const slug = (merchantSlug: string) => encodeURIComponent(merchantSlug);

const withQuery = (base: string, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${base}?${search}` : base;
};

/** The query parameter that carries a chosen treatment from the salon's page to Prenota. */
export const treatmentParam = 'trattamento';

/** Prenota's choices as they stand in its address, so a reload, Back or a shared link finds the same step. */
export const bookingChoiceParams = {
  treatmentId: treatmentParam,
  operatorId: 'operatore',
  date: 'giorno',
  time: 'ora',
} as const;

export type BookingChoice = Partial<Record<keyof typeof bookingChoiceParams, string>>;

const bookingChoiceQuery = (choice: BookingChoice) =>
  Object.fromEntries(
    Object.entries(bookingChoiceParams).map(([field, param]) => [
      param,
      choice[field as keyof BookingChoice],
    ]),
  );

export const paths = {
  home: { path: '/', href: () => '/' },

  adminLogin: { path: '/admin', href: () => '/admin' },
  merchantLogin: {
    path: '/merchant/:merchantSlug',
    href: (merchantSlug: string) => `/merchant/${slug(merchantSlug)}`,
  },
  merchantResetPassword: {
    path: '/merchant/:merchantSlug/reset-password',
    href: (merchantSlug: string) => `/merchant/${slug(merchantSlug)}/reset-password`,
  },
  merchantAuthAction: {
    path: '/merchant/:merchantSlug/__/auth/action',
    href: (merchantSlug: string, query: Record<string, string | null | undefined> = {}) =>
      withQuery(`/merchant/${slug(merchantSlug)}/__/auth/action`, query),
  },

  clientRegistration: {
    path: '/:merchantSlug',
    href: (merchantSlug: string, ref?: string) => withQuery(`/${slug(merchantSlug)}`, { ref }),
  },
  /** `treatmentId`: the treatment tapped on the salon's page, chosen in Prenota once signed in. */
  clientRegister: {
    path: '/:merchantSlug/register',
    href: (merchantSlug: string, ref?: string, treatmentId?: string) =>
      withQuery(`/${slug(merchantSlug)}/register`, { ref, [treatmentParam]: treatmentId }),
  },
  clientLogin: {
    path: '/:merchantSlug/login',
    href: (merchantSlug: string, treatmentId?: string) =>
      withQuery(`/${slug(merchantSlug)}/login`, { [treatmentParam]: treatmentId }),
  },
  clientPrivacy: {
    path: '/:merchantSlug/privacy',
    href: (merchantSlug: string) => `/${slug(merchantSlug)}/privacy`,
  },
  clientResetPassword: {
    path: '/:merchantSlug/reset-password',
    href: (merchantSlug: string) => `/${slug(merchantSlug)}/reset-password`,
  },
  clientAuthAction: {
    path: '/:merchantSlug/__/auth/action',
    href: (merchantSlug: string, query: Record<string, string | null | undefined> = {}) =>
      withQuery(`/${slug(merchantSlug)}/__/auth/action`, query),
  },

  client: {
    root: { path: '/client', href: () => '/client' },
    profile: { path: '/client/profile', href: () => '/client/profile' },
    acquisti: { path: '/client/acquisti', href: () => '/client/acquisti' },
    presenta: { path: '/client/presenta', href: () => '/client/presenta' },
    crediti: { path: '/client/crediti', href: () => '/client/crediti' },
    struttura: { path: '/client/struttura', href: () => '/client/struttura' },
    prenota: {
      path: '/client/prenota',
      href: (choice: BookingChoice = {}) => withQuery('/client/prenota', bookingChoiceQuery(choice)),
    },
  },
  dashboard: {
    root: { path: '/dashboard', href: () => '/dashboard' },
    registrazioni: { path: '/dashboard/registrazioni', href: () => '/dashboard/registrazioni' },
    movimenti: { path: '/dashboard/movimenti', href: () => '/dashboard/movimenti' },
    clienti: { path: '/dashboard/clienti', href: () => '/dashboard/clienti' },
    prenotazioni: { path: '/dashboard/prenotazioni', href: () => '/dashboard/prenotazioni' },
    agenda: { path: '/dashboard/agenda', href: () => '/dashboard/agenda' },
    percentuali: { path: '/dashboard/percentuali', href: () => '/dashboard/percentuali' },
    statistiche: { path: '/dashboard/statistiche', href: () => '/dashboard/statistiche' },
    struttura: { path: '/dashboard/struttura', href: () => '/dashboard/struttura' },
    impostazioni: { path: '/dashboard/impostazioni', href: () => '/dashboard/impostazioni' },
    invita: { path: '/dashboard/invita', href: () => '/dashboard/invita' },
  },
  admin: {
    merchants: { path: '/admin/merchants', href: () => '/admin/merchants' },
    riepilogo: { path: '/admin/riepilogo', href: () => '/admin/riepilogo' },
    albero: { path: '/admin/albero', href: () => '/admin/albero' },
  },
} as const;

/** The e-mail action link a customer or merchant follows to come back into the app. */
export function authActionRedirect(
  area: 'client' | 'merchant',
  origin: string,
  merchantSlug: string,
  mode: 'resetPassword' | 'verifyEmail' | 'signIn',
): string {
  const route = area === 'merchant' ? paths.merchantAuthAction : paths.clientAuthAction;
  return `${origin}${route.href(merchantSlug, { mode })}`;
}

/**
 * `/?continueUrl=…&mode=…&oobCode=…`: the action route of continueUrl's first path segment, keeping
 * mode, oobCode and lang; a continueUrl under /merchant/{slug} keeps the merchant's action route.
 * Null when the query is not such a link.
 */
export function actionRouteFromContinueUrl(search: URLSearchParams | string): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const continueUrl = params.get('continueUrl');
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  if (!continueUrl || !mode || !oobCode) return null;
  let pathname: string;
  try {
    pathname = new URL(continueUrl, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second] = segments;
  if (!first) return null;
  const query = { mode, oobCode, lang: params.get('lang') };
  if (first === 'merchant' && second) return paths.merchantAuthAction.href(second, query);
  return paths.clientAuthAction.href(first, query);
}

/** Spec §2: unknown paths off localhost lead to the product's public site. */
export function shouldLeaveForMainSite(
  hostname: string,
  pathname: string,
  mainSiteUrl: string | null,
): boolean {
  const local =
    ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname) || hostname.endsWith('.localhost');
  return Boolean(mainSiteUrl) && !local && pathname !== '/';
}

/** Where a customer lands once signed in or registered: Prenota with the treatment tapped on the salon's page, else the profile. */
export const clientLanding = (treatmentId?: string | null) =>
  treatmentId ? paths.client.prenota.href({ treatmentId }) : paths.client.profile.href();
