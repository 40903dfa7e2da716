import { useSignOut } from '@/features/auth/api/sign-out';
import { env } from '@/config/env';
import { paths } from '@/config/paths';

/** 'Esci': signs out and sends the browser to the product's public site, or home when none is set. */
export function useAreaSignOut() {
  const signOut = useSignOut();
  return {
    pending: signOut.isPending,
    signOut: () =>
      signOut.mutate(undefined, {
        onSettled: () => window.location.assign(env.mainSiteUrl ?? paths.home.href()),
      }),
  };
}
