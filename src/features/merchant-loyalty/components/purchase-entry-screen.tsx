import { useRef, useState, type FormEvent } from 'react';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { notify } from '@/components/ui/toaster';
import type { MerchantClient } from '@/features/merchant-loyalty/api/list-clients';
import { useRegisterPurchase } from '@/features/merchant-loyalty/api/register-purchase';
import { ClientPicker } from '@/features/merchant-loyalty/components/client-picker';
import { SuffixedInput } from '@/features/merchant-loyalty/components/suffixed-input';
import { toInputText } from '@/features/merchant-loyalty/money-input';
import { netPreview, validatePurchase } from '@/features/merchant-loyalty/purchase-form';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { errorMessage } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = merchantLoyaltyTexts.registrazioni;

type SelectedClient = Pick<MerchantClient, 'code' | 'name' | 'available_credit'>;
type Errors = { client?: string; spend?: string; discount?: string };

/**
 * /dashboard/registrazioni: a purchase at the counter, one-handed on a phone. Pick the client (its
 * credit shows), type the spend and the discount to use, register. The database computes the money;
 * the net under the fields is only a preview.
 */
export function PurchaseEntryScreen() {
  const [selected, setSelected] = useState<SelectedClient | null>(null);
  const [spend, setSpend] = useState('');
  const [discount, setDiscount] = useState('0');
  const [errors, setErrors] = useState<Errors>({});
  const spendRef = useRef<HTMLInputElement>(null);
  const registerPurchase = useRegisterPurchase();
  const net = netPreview(spend, discount);

  const select = (client: MerchantClient) => {
    setSelected({ code: client.code, name: client.name, available_credit: client.available_credit });
    setErrors({});
    spendRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validatePurchase({
      clientCode: selected?.code ?? null,
      availableCredit: selected?.available_credit ?? 0,
      spend,
      discount,
    });
    if (!result.ok) {
      setErrors(result.errors);
      const first = result.errors.client ?? result.errors.discount ?? result.errors.spend;
      if (first) notify.error(first);
      return;
    }
    setErrors({});
    try {
      const registered = await registerPurchase.mutateAsync(result);
      setSelected((current) =>
        current && current.code === result.clientCode
          ? { ...current, available_credit: registered.available_credit }
          : current,
      );
      setSpend('');
      setDiscount('0');
      notify.success(t.success);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

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
            <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
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
                        {formatMoney(selected.available_credit)}
                      </strong>
                    </p>
                  </>
                ) : (
                  <p
                    role={errors.client ? 'alert' : undefined}
                    className={errors.client ? 'text-destructive' : ''}
                  >
                    {t.noClient}
                  </p>
                )}
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label={t.spend} error={errors.spend}>
                  {(control) => (
                    <SuffixedInput
                      {...control}
                      ref={spendRef}
                      suffix="€"
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      enterKeyHint="next"
                      placeholder="0,00"
                      value={spend}
                      onChange={(event) => setSpend(event.target.value)}
                    />
                  )}
                </FormField>
                <FormField label={t.discount} error={errors.discount}>
                  {(control) => (
                    <SuffixedInput
                      {...control}
                      suffix="€"
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      enterKeyHint="done"
                      value={discount}
                      onChange={(event) => setDiscount(event.target.value)}
                    />
                  )}
                </FormField>
              </div>
              {selected && selected.available_credit > 0 ? (
                <Button
                  variant="outline"
                  className="justify-self-start"
                  onClick={() => setDiscount(toInputText(selected.available_credit))}
                >
                  {fill(t.useAllCredit, { credit: formatMoney(selected.available_credit) })}
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
              <Button type="submit" size="lg" className="w-full" disabled={registerPurchase.isPending}>
                {registerPurchase.isPending ? t.submitting : t.submit}
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
