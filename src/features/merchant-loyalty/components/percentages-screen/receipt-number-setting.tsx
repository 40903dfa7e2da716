import { QueryView } from '@/components/query-view';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toaster';
import {
  useReceiptSettings,
  useSetReceiptNumberRequired,
} from '@/features/merchant-loyalty/api/receipt-settings';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { errorMessage } from '@/lib/api-error';

const t = merchantLoyaltyTexts.percentuali.scontrino;

/** Makes the fiscal document's number required on every purchase and storno, or optional. */
export function ReceiptNumberSetting() {
  const settings = useReceiptSettings();
  const save = useSetReceiptNumberRequired();
  const onChange = async (required: boolean) => {
    try {
      notify.success((await save.mutateAsync(required)).message);
    } catch (error) {
      notify.error(errorMessage(error), 'long');
    }
  };
  return (
    <QueryView query={settings} pending={<Skeleton className="h-12" />}>
      {(data) => (
        <CheckboxField
          label={t.required}
          checked={data.receipt_number_required}
          disabled={save.isPending}
          onChange={(event) => void onChange(event.target.checked)}
        />
      )}
    </QueryView>
  );
}
