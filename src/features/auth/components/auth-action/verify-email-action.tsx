import { useVerifyEmailLink } from '@/features/auth/api/verify-email-link';
import { texts } from '@/lib/texts';
import { ActionOutcome } from '@/features/auth/components/auth-action/action-outcome';

/** An e-mail confirmation link: confirmed, or why not. */
export function VerifyEmailAction({ oobCode, loginHref }: { oobCode: string; loginHref: string }) {
  const verification = useVerifyEmailLink({ tokenHash: oobCode, type: 'email' }, Boolean(oobCode));
  if (!oobCode || verification.isError) {
    return (
      <ActionOutcome title={texts.action.verifyTitle} tone="error" loginHref={loginHref}>
        {texts.action.invalidVerifyLink}
      </ActionOutcome>
    );
  }
  if (!verification.data) {
    return (
      <ActionOutcome title={texts.action.verifyTitle} tone="pending">
        {texts.action.verifying}
      </ActionOutcome>
    );
  }
  return (
    <ActionOutcome title={texts.action.verifyTitle} tone="success" loginHref={loginHref}>
      {texts.action.emailVerified}
    </ActionOutcome>
  );
}
