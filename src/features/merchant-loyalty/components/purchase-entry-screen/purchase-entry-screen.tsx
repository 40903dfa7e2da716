import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import type { MerchantClient } from '@/features/merchant-loyalty/api/list-clients';
import { useRegisterPurchase } from '@/features/merchant-loyalty/api/register-purchase';
import { ClientPicker } from '@/features/merchant-loyalty/components/purchase-entry-screen/client-picker';
import { SuffixedInput } from '@/features/merchant-loyalty/components/suffixed-input';
import { toInputText } from '@/lib/decimal-input';
import {
  fieldMessage,
  netPreview,
  purchaseFormSchema,
  type PurchaseFormOutput,
  type PurchaseFormValues,
  toastedRefusal,
} from '@/features/merchant-loyalty/purchase-form';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { errorMessage } from '@/lib/api-error';
import { shownCredit } from '@/features/merchant-loyalty/client-credit';
import { formatMoney } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = merchantLoyaltyTexts.registrazioni;

type SelectedClient = Pick<MerchantClient, 'code' | 'name' | 'available_credit'>;
const emptyForm: PurchaseFormValues = {
  clientCode: '',
  availableCredit: 0,
  spend: '',
  discount: '0',
  receiptNumber: '',
};

/**
 * /dashboard/registrazioni: a purchase at the counter, one-handed on a phone. Pick the client (its
 * credit shows), type the spend and the discount to use, register. The database computes the money;
 * the net under the fields is only a preview.
 */
export function PurchaseEntryScreen() {
  const [selected, setSelected] = useState<SelectedClient | null>(null);
  const form = useForm<PurchaseFormValues, unknown, PurchaseFormOutput>({
    resolver: zodResolver(purchaseFormSchema),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;
  const [spend, discount] = useWatch({ control: form.control, name: ['spend', 'discount'] });
  const registerPurchase = useRegisterPurchase();
  const net = netPreview(spend, discount);

  const select = (client: MerchantClient) => {
    setSelected({ code: client.code, name: client.name, available_credit: client.available_credit });
    form.setValue('clientCode', client.code);
    form.setValue('availableCredit', client.available_credit ?? 0);
    form.clearErrors();
    form.setFocus('spend');
  };

  const toastRefusal = (invalid: FieldErrors<PurchaseFormValues>) => {
    const refusal = toastedRefusal([invalid.discount?.message, invalid.spend?.message]);
    if (refusal) notify.error(refusal);
    else notify.clear();
  };

  const onSubmit = form.handleSubmit(async ({ clientCode, spend, discount, receiptNumber }) => {
    try {
      const registered = await registerPurchase.mutateAsync({ clientCode, spend, discount, receiptNumber });
      setSelected((current) =>
        current && current.code === clientCode
          ? { ...current, available_credit: registered.available_credit }
          : current,
      );
      if (form.getValues('clientCode') === clientCode)
        form.setValue('availableCredit', registered.available_credit);
      form.setValue('spend', '');
      form.setValue('discount', '0');
      form.setValue('receiptNumber', '');
      notify.success(t.success);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }, toastRefusal);
  const usableCredit = selected?.available_credit ?? 0;

  return (
    <section className="grid gap-6">
      <PageHeading lead={t.lead}>{t.title}</PageHeading>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t.clientSection}</CardTitle>
          </CardHeader>
          <CardContent>
            <ClientPicker selectedCode={selected?.code ?? null} onSelect={select} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t.purchaseSection}</CardTitle>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={onSubmit} className="grid gap-5">
              <div
                aria-live="polite"
                className="grid gap-1 rounded-xl border border-border bg-muted/60 p-4"
                data-testid="selected-client"
              >
                <p className="text-sm font-semibold text-muted-foreground">{t.selected}</p>
                {selected ? (
                  <>
                    <p className="text-lg font-semibold">
                      {selected.name}{' '}
                      <span className="font-normal text-muted-foreground">· {selected.code}</span>
                    </p>
                    <p>
                      {t.availableCredit}:{' '}
                      <strong className="text-lg tabular-nums">
                        {shownCredit(selected.available_credit)}
                      </strong>
                    </p>
                  </>
                ) : (
                  <p
                    role={errors.clientCode ? 'alert' : undefined}
                    className={errors.clientCode ? 'text-destructive' : ''}
                  >
                    {t.noClient}
                  </p>
                )}
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label={t.spend} error={fieldMessage(errors.spend?.message)}>
                  {(control) => (
                    <SuffixedInput
                      {...control}
                      suffix="€"
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      enterKeyHint="next"
                      placeholder="0,00"
                      {...form.register('spend')}
                    />
                  )}
                </FormField>
                <FormField label={t.discount} error={fieldMessage(errors.discount?.message)}>
                  {(control) => (
                    <SuffixedInput
                      {...control}
                      suffix="€"
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      enterKeyHint="done"
                      {...form.register('discount')}
                    />
                  )}
                </FormField>
              </div>
              <FormField label={t.receiptNumber} error={errors.receiptNumber?.message}>
                {(control) => (
                  <Input {...control} autoComplete="off" maxLength={50} {...form.register('receiptNumber')} />
                )}
              </FormField>
              {usableCredit > 0 ? (
                <Button
                  variant="outline"
                  className="justify-self-start"
                  onClick={() => form.setValue('discount', toInputText(usableCredit))}
                >
                  {fill(t.useAllCredit, { credit: formatMoney(usableCredit) })}
                </Button>
              ) : null}
              <p aria-live="polite" className="flex flex-wrap items-baseline justify-between gap-x-3 text-lg">
                <span className="font-semibold">{t.net}</span>
                <span
                  className="min-w-0 text-2xl font-semibold break-all tabular-nums"
                  data-testid="net-preview"
                >
                  {net === null || net < 0 ? '—' : formatMoney(net)}
                </span>
              </p>
              <Button type="submit" size="lg" className="w-full" disabled={form.formState.isSubmitting}>
                {registerPurchase.isPaused
                  ? t.waitingForConnection
                  : form.formState.isSubmitting
                    ? t.submitting
                    : t.submit}
              </Button>
              <p role="status" className="text-sm text-muted-foreground empty:hidden">
                {registerPurchase.isPaused ? t.offlineHint : ''}
              </p>
            </form>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
