import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { whoamiQueryOptions } from '@/features/auth/api/get-whoami';
import { signOut } from '@/features/auth/api/sign-out';
import { roleOf } from '@/features/auth/roles';
import {
  updatePasswordInputSchema,
  useUpdatePassword,
  type UpdatePasswordInput,
} from '@/features/auth/api/update-password';
import { useVerifyEmailLink } from '@/features/auth/api/verify-email-link';
import { failureText } from '@/lib/api-error';
import { setCurrentMerchantSlug } from '@/lib/current-merchant';
import { fill, texts } from '@/lib/texts';

interface AuthActionProps {
  area: 'client' | 'merchant';
  merchantSlug: string;
  loginHref: string;
}

/** The page an e-mail link opens: ?mode=resetPassword|verifyEmail|signIn&oobCode=… (spec §2, §8). */
export function AuthAction({ area, merchantSlug, loginHref }: AuthActionProps) {
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode');
  const oobCode = searchParams.get('oobCode') ?? '';

  if (mode === 'resetPassword') return <ResetPasswordAction oobCode={oobCode} loginHref={loginHref} />;
  if (mode === 'verifyEmail') return <VerifyEmailAction oobCode={oobCode} loginHref={loginHref} />;
  if (mode === 'signIn' && area === 'client') {
    return <SignInAction oobCode={oobCode} merchantSlug={merchantSlug} loginHref={loginHref} />;
  }
  return (
    <Outcome title={texts.action.title} tone="error" loginHref={loginHref}>
      {texts.action.unsupported}
    </Outcome>
  );
}

function Outcome({
  title,
  tone,
  children,
  loginHref,
}: {
  title: string;
  tone: 'success' | 'error' | 'pending';
  children: ReactNode;
  loginHref?: string;
}) {
  const Icon = tone === 'success' ? CircleCheck : CircleX;
  return (
    <div className="grid gap-5">
      <PageHeading>{title}</PageHeading>
      <p
        role={tone === 'error' ? 'alert' : 'status'}
        className={
          tone === 'success'
            ? 'flex items-start gap-2 font-semibold text-success'
            : tone === 'error'
              ? 'flex items-start gap-2 font-semibold text-destructive'
              : 'text-muted-foreground'
        }
      >
        {tone === 'pending' ? null : <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />}
        <span>{children}</span>
      </p>
      {loginHref ? (
        <Button asChild variant="outline">
          <Link to={loginHref}>{texts.action.goToLogin}</Link>
        </Button>
      ) : null}
    </div>
  );
}

function ResetPasswordAction({ oobCode, loginHref }: { oobCode: string; loginHref: string }) {
  const navigate = useNavigate();
  const verification = useVerifyEmailLink({ tokenHash: oobCode, type: 'recovery' }, Boolean(oobCode));
  const updatePassword = useUpdatePassword();
  const form = useForm<UpdatePasswordInput>({
    resolver: zodResolver(updatePasswordInputSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (!oobCode || verification.isError) {
    return (
      <Outcome title={texts.action.resetTitle} tone="error" loginHref={loginHref}>
        {texts.action.invalidLink}
      </Outcome>
    );
  }
  if (!verification.data) {
    return (
      <Outcome title={texts.action.resetTitle} tone="pending">
        {texts.app.loading}
      </Outcome>
    );
  }

  const email = verification.data.email;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await updatePassword.mutateAsync(input);
      await signOut();
      notify.success(texts.action.passwordUpdated);
      await navigate(loginHref, { replace: true });
    } catch (error) {
      notify.error(failureText(texts.action.error, error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <PageHeading>{texts.action.resetTitle}</PageHeading>
      <p className="text-muted-foreground">{fill(texts.action.resetSubtitle, { email })}</p>
      <FormField label={texts.action.account}>
        {(control) => <Input {...control} type="email" value={email} readOnly autoComplete="username" />}
      </FormField>
      <FormField label={texts.fields.newPassword} error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? texts.action.resetSubmitting : texts.action.resetSubmit}
      </Button>
    </form>
  );
}

function VerifyEmailAction({ oobCode, loginHref }: { oobCode: string; loginHref: string }) {
  const verification = useVerifyEmailLink({ tokenHash: oobCode, type: 'email' }, Boolean(oobCode));
  if (!oobCode || verification.isError) {
    return (
      <Outcome title={texts.action.verifyTitle} tone="error" loginHref={loginHref}>
        {texts.action.invalidVerifyLink}
      </Outcome>
    );
  }
  if (!verification.data) {
    return (
      <Outcome title={texts.action.verifyTitle} tone="pending">
        {texts.action.verifying}
      </Outcome>
    );
  }
  return (
    <Outcome title={texts.action.verifyTitle} tone="success" loginHref={loginHref}>
      {texts.action.emailVerified}
    </Outcome>
  );
}

function SignInAction({
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
      <Outcome title={texts.action.signInTitle} tone="error" loginHref={loginHref}>
        {texts.action.invalidLink}
      </Outcome>
    );
  }
  if (denied) {
    return (
      <Outcome title={texts.action.signInTitle} tone="error" loginHref={loginHref}>
        {texts.login.notClient}
      </Outcome>
    );
  }
  return (
    <Outcome title={texts.action.signInTitle} tone="pending">
      {texts.login.signingIn}
    </Outcome>
  );
}
