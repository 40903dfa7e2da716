import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { authActionRedirect, clientLanding, paths } from '@/config/paths';
import { useWhoami } from '@/features/auth/api/get-whoami';
import type { Whoami } from '@/lib/whoami';
import { useSendMagicLink } from '@/features/auth/api/send-magic-link';
import { signInInputSchema, useSignIn, type SignInInput } from '@/features/auth/api/sign-in';
import { signOut } from '@/features/auth/api/sign-out';
import { JoinOffer } from '@/features/auth/components/join-offer';
import { SignInFields } from '@/features/auth/components/sign-in-fields';
import { roleOf } from '@/features/auth/roles';
import { failureText } from '@/lib/api-error';
import { setCurrentMerchantSlug } from '@/lib/current-merchant';
import { texts } from '@/lib/texts';

/**
 * A customer's sign-in at one salon: password, or a link by e-mail. That salon's customers get in; a
 * customer of other salons is offered to join this one; any other account is refused.
 */
export function ClientLoginForm({
  merchantSlug,
  merchantName,
  treatmentId,
}: {
  merchantSlug: string;
  merchantName: string;
  /** The treatment tapped on the salon's page: signed in, the customer books it. */
  treatmentId?: string;
}) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const whoami = useWhoami();
  /** The customer said no to joining: the form again, signed out. */
  const [declined, setDeclined] = useState(false);
  // Signed in (here, by the e-mailed link, or before) as a customer of other salons only: her name to join with.
  const joinAs =
    !declined && roleOf(whoami.data) === 'client' && !isClientHere(whoami.data, merchantSlug)
      ? (whoami.data?.clients[0]?.name ?? null)
      : null;
  const sendMagicLink = useSendMagicLink();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInInputSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const signedIn = await signIn.mutateAsync(input);
      if (isClientHere(signedIn, merchantSlug)) {
        setCurrentMerchantSlug(merchantSlug);
        await navigate(clientLanding(treatmentId), { replace: true });
        return;
      }
      if (roleOf(signedIn) === 'client') {
        setDeclined(false);
        return;
      }
      await signOut();
      notify.error(texts.login.notClient);
    } catch (error) {
      notify.error(failureText(texts.login.error, error));
    }
  });

  const onMagicLink = async () => {
    form.clearErrors('password');
    if (!(await form.trigger('email'))) {
      form.setFocus('email');
      return;
    }
    try {
      await sendMagicLink.mutateAsync({
        email: form.getValues('email'),
        redirectTo: authActionRedirect('client', window.location.origin, merchantSlug, 'signIn'),
      });
      notify.success(texts.login.magicLinkSent);
    } catch (error) {
      notify.error(failureText(texts.login.error, error));
    }
  };

  if (joinAs !== null) {
    return (
      <JoinOffer
        merchantSlug={merchantSlug}
        merchantName={merchantName}
        customerName={joinAs}
        onJoined={() => {
          setCurrentMerchantSlug(merchantSlug);
          void navigate(clientLanding(treatmentId), { replace: true });
        }}
        onCancel={() => {
          setDeclined(true);
          void signOut();
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <SignInFields form={form} />
      <div className="flex items-center gap-3 text-sm text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {texts.login.or}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="grid gap-2">
        <Button type="button" variant="outline" onClick={onMagicLink} disabled={sendMagicLink.isPending}>
          <Mail aria-hidden="true" />
          {texts.login.magicLinkSubmit}
        </Button>
        <p className="text-center text-sm text-muted-foreground">{texts.login.magicLinkHint}</p>
      </div>
      <div className="grid gap-1 text-center">
        <Link
          to={paths.clientResetPassword.href(merchantSlug)}
          className="inline-flex min-h-11 items-center justify-center font-medium underline"
        >
          {texts.login.forgotPassword}
        </Link>
        <p className="text-muted-foreground">
          {texts.login.noAccount}{' '}
          <Link
            to={paths.clientRegister.href(merchantSlug, undefined, treatmentId)}
            className="inline-flex min-h-11 items-center font-semibold underline"
          >
            {texts.login.register}
          </Link>
        </p>
      </div>
    </form>
  );
}

function isClientHere(whoami: Whoami | undefined, merchantSlug: string): boolean {
  return Boolean(whoami?.clients.some((client) => client.merchant_slug === merchantSlug));
}
