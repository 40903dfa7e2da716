import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { VisitPart } from '@/components/booking/visit-free-times';
import type { Operator } from '@/features/booking-merchant/api/list-operators';
import type { Treatment } from '@/features/booking-merchant/api/list-treatments';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.appuntamento;
const c = bookingMerchantTexts.common;
const anyOperator = 'any';

/** One treatment of the booking with its operator, or 'Nessuna preferenza'. */
export function BookingPartFields({
  number,
  part,
  treatments,
  operators,
  onChange,
  onRemove,
}: {
  number: number;
  part: VisitPart;
  treatments: readonly Treatment[];
  operators: readonly Operator[];
  onChange: (part: VisitPart) => void;
  onRemove?: () => void;
}) {
  const chosen = treatments.find((treatment) => treatment.id === part.treatmentId);
  const performing = operators.filter(
    (operator) => !chosen || chosen.for_all_operators || chosen.operator_ids?.includes(operator.id),
  );
  return (
    <fieldset className="grid gap-3 rounded-xl border border-border p-3 sm:grid-cols-2">
      <legend className="px-1 font-semibold">{fill(t.part, { n: number })}</legend>
      <FormField label={c.treatment}>
        {(control) => (
          <Select
            value={part.treatmentId}
            onValueChange={(treatmentId) => onChange({ treatmentId, operatorId: null })}
          >
            <SelectTrigger {...control}>
              <SelectValue placeholder={t.choose} />
            </SelectTrigger>
            <SelectContent>
              {treatments.map((treatment) => (
                <SelectItem key={treatment.id} value={treatment.id}>
                  {treatment.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label={c.operator}>
        {(control) => (
          <Select
            value={part.operatorId ?? anyOperator}
            onValueChange={(value) => onChange({ ...part, operatorId: value === anyOperator ? null : value })}
          >
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={anyOperator}>{c.noPreference}</SelectItem>
              {performing.map((operator) => (
                <SelectItem key={operator.id} value={operator.id}>
                  {operator.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      {onRemove ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          aria-label={fill(t.removePartLabel, { n: number })}
          onClick={onRemove}
        >
          {t.removePart}
        </Button>
      ) : null}
    </fieldset>
  );
}
