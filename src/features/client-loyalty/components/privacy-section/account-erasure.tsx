import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { CardDescription } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useEraseMyAccount } from '@/features/client-loyalty/api/erase-my-account';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { failureText } from '@/lib/api-error';

const t = clientLoyaltyTexts.privacy;

/** The word typed to confirm, in any case: the button waits for it, and the schema says so too. */
const erasureFormSchema = z.object({
  confirmation: z.string().check(
    z.refine((typed) => typed.trim().toUpperCase() === t.eraseConfirmWord, {
      message: t.eraseConfirmMissing,
    }),
  ),
});

type ErasureForm = z.input<typeof erasureFormSchema>;

/** Erasing the account at this salon, once the confirmation word is typed; then back to the login. */
export function AccountErasure({ merchantSlug }: { merchantSlug: string }) {
  const [open, setOpen] = useState(false);
  const form = useForm<ErasureForm>({
    resolver: zodResolver(erasureFormSchema),
    defaultValues: { confirmation: '' },
  });
  const typed = useWatch({ control: form.control, name: 'confirmation' });
  const confirmed = erasureFormSchema.safeParse({ confirmation: typed }).success;
  const erase = useEraseMyAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onErase = form.handleSubmit(({ confirmation }) =>
    erase.mutate(
      { merchantSlug, confirmation },
      {
        onSuccess: () => {
          queryClient.clear();
          notify.success(t.erased);
          void navigate(paths.clientLogin.href(merchantSlug), { replace: true });
        },
        onError: (error) => notify.error(failureText(t.eraseError, error)),
      },
    ),
  );

  return (
    <section className="grid gap-2">
      <h3 className="text-lg font-semibold">{t.eraseTitle}</h3>
      <CardDescription>{t.eraseLead}</CardDescription>
      <div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          {t.eraseOpen}
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) form.reset();
        }}
      >
        <DialogContent>
          <DialogTitle>{t.eraseDialogTitle}</DialogTitle>
          <DialogDescription>{t.eraseDialogBody}</DialogDescription>
          <form noValidate className="grid gap-4" onSubmit={onErase}>
            <FormField label={t.eraseConfirmLabel} error={form.formState.errors.confirmation?.message}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  autoCapitalize="characters"
                  {...form.register('confirmation')}
                />
              )}
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="ghost" onClick={() => setOpen(false)}>
                {t.eraseCancel}
              </Button>
              <Button type="submit" variant="destructive" disabled={!confirmed || erase.isPending}>
                {erase.isPending ? t.eraseSubmitting : t.eraseSubmit}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
