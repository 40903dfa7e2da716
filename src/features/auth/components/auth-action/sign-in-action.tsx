import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { signOut } from '@/features/auth/api/sign-out';
import { roleOf } from '@/features/auth/roles';
import { whoamiQueryOptions } from '@/features/auth/api/get-whoami';
import { useVerifyEmailLink } from '@/features/auth/api/verify-email-link';
import { setCurrentMerchantSlug } from '@/lib/current-merchant';
import { texts } from '@/lib/texts';
import { ActionOutcome } from '@/features/auth/components/auth-action/action-outcome';

/** A customer's sign-in link: into the salon's profile, to its login to join it, or refused for another role. */
export function SignInAction({
  oobCode,
  merchantSlug,
  loginHref,
}: {
  oobCode: string;
  merchantSlug: string;
  loginHref: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verification = useVerifyEmailLink({ tokenHash: oobCode, type: 'magiclink' });
  const [denied, setDenied] = useState(false);
  const checked = useRef(false);

  useEffect(() => {
    if (!verification.data || checked.current) return;
    checked.current = true;
    void (async () => {
      const whoami = await queryClient.fetchQuery({ ...whoamiQueryOptions(), staleTime: 0 });
      if (whoami.clients.some((client) => client.merchant_slug === merchantSlug)) {
        setCurrentMerchantSlug(merchantSlug);
        await navigate(paths.client.profile.href(), { replace: true });
        return;
      }
      if (roleOf(whoami) === 'client') {
        // A customer of other salons: the salon's login offers to join it.
        await navigate(loginHref, { replace: true });
        return;
      }
      await signOut();
      setDenied(true);
    })();
  }, [verification.data, merchantSlug, loginHref, navigate, queryClient]);

  if (verification.isError) {
    return (
      <ActionOutcome title={texts.action.signInTitle} tone="error" loginHref={loginHref}>
        {texts.action.invalidLink}
      </ActionOutcome>
    );
  }
  if (denied) {
    return (
      <ActionOutcome title={texts.action.signInTitle} tone="error" loginHref={loginHref}>
        {texts.login.notClient}
      </ActionOutcome>
    );
  }
  return (
    <ActionOutcome title={texts.action.signInTitle} tone="pending">
      {texts.login.signingIn}
    </ActionOutcome>
  );
}
