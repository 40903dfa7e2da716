import { useState, type FormEvent } from 'react';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toaster';
import {
  reversalWindowLimits,
  useReversalWindow,
  useSetReversalWindow,
} from '@/features/merchant-loyalty/api/reversal-window';
import { SuffixedInput } from '@/features/merchant-loyalty/components/suffixed-input';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { errorMessage } from '@/lib/api-error';

const t = merchantLoyaltyTexts.percentuali.storno;

/** Whole days within the database's range, or null. */
function parseDays(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const days = Number(text.trim());
  return days >= reversalWindowLimits.min && days <= reversalWindowLimits.max ? days : null;
}

function DaysForm({ saved }: { saved: number }) {
  const [draft, setDraft] = useState(String(saved));
  const [invalid, setInvalid] = useState(false);
  const save = useSetReversalWindow();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const days = parseDays(draft);
    setInvalid(days === null);
    if (days === null) return;
    try {
      await save.mutateAsync(days);
      notify.success(t.success);
    } catch (error) {
      notify.error(errorMessage(error), 'long');
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid items-end gap-4 sm:grid-cols-2"
    >
      <FormField label={t.days} error={invalid ? t.invalid : undefined}>
        {(control) => (
          <SuffixedInput
            {...control}
            suffix={t.suffix}
            className="pr-20"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            required
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" variant="secondary" className="w-full sm:w-auto" disabled={save.isPending}>
        {t.submit}
      </Button>
    </form>
  );
}

/** How many days after a purchase the merchant may still reverse it (Storna, on Movimenti). */
export function ReversalWindowForm() {
  const saved = useReversalWindow();
  return (
    <QueryView query={saved} pending={<Skeleton className="h-20" />}>
      {(data) => <DaysForm key={data.days} saved={data.days} />}
    </QueryView>
  );
}
