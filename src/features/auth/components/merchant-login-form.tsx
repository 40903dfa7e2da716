import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { notify } from '@/components/ui/toaster';
import { signInInputSchema, useSignIn, type SignInInput } from '@/features/auth/api/sign-in';
import { signOut } from '@/features/auth/api/sign-out';
import { SignInFields } from '@/features/auth/components/sign-in-fields';
import { areaHome, roleOf } from '@/features/auth/roles';
import { failureText } from '@/lib/api-error';
import { texts } from '@/lib/texts';

interface MerchantLoginFormProps {
  /** Where 'Password dimenticata?' leads; none on the administrator's page. */
  resetPasswordHref?: string;
}

/** Email and password for merchants and the platform administrator; anyone else is signed out again. */
export function MerchantLoginForm({ resetPasswordHref }: MerchantLoginFormProps) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInInputSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const whoami = await signIn.mutateAsync(input);
      const role = roleOf(whoami);
      if (role === 'admin' || role === 'merchant') {
        await navigate(areaHome[role], { replace: true });
        return;
      }
      await signOut();
      notify.error(texts.login.notMerchant);
    } catch (error) {
      notify.error(failureText(texts.login.error, error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <SignInFields form={form} />
      {resetPasswordHref ? (
        <p className="text-center">
          <Link to={resetPasswordHref} className="inline-flex min-h-11 items-center font-medium underline">
            {texts.login.forgotPassword}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
