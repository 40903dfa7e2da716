import { useSearchParams } from 'react-router';
import { texts } from '@/lib/texts';
import { ActionOutcome } from '@/features/auth/components/auth-action/action-outcome';
import { ResetPasswordAction } from '@/features/auth/components/auth-action/reset-password-action';
import { VerifyEmailAction } from '@/features/auth/components/auth-action/verify-email-action';
import { SignInAction } from '@/features/auth/components/auth-action/sign-in-action';

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
    <ActionOutcome title={texts.action.title} tone="error" loginHref={loginHref}>
      {texts.action.unsupported}
    </ActionOutcome>
  );
}
