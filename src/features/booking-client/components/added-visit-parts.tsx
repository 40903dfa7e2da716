import { Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { BookableTreatment } from '@/features/booking-client/api/list-bookable-treatments';
import { anyOperator } from '@/features/booking-client/components/operator-choice';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { formatMoney } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

/** The most treatments one visit holds. */
export const maxVisitParts = 4;

/** A treatment added after the first one: its id and its operator (`anyOperator` for no preference), '' until chosen. */
export interface AddedPart {
  treatmentId: string;
  operatorId: string;
}

/**
 * The treatments added to the first one, in order, each with its operator or 'Nessuna preferenza', 'Rimuovi' on
 * each, and 'Aggiungi un altro trattamento' while the visit has room and every part is chosen.
 */
export function AddedVisitParts({
  treatments,
  firstTreatmentId,
  parts,
  onChange,
}: {
  treatments: BookableTreatment[];
  firstTreatmentId: string;
  parts: AddedPart[];
  onChange: (parts: AddedPart[]) => void;
}) {
  const replace = (index: number, part: AddedPart) =>
    onChange(parts.map((current, at) => (at === index ? part : current)));
  const allChosen = parts.every((part) => part.treatmentId && part.operatorId);
  const room = parts.length + 1 < maxVisitParts && parts.length + 1 < treatments.length;

  return (
    <div className="grid gap-4">
      {parts.map((part, index) => {
        const number = index + 2;
        const taken = new Set([firstTreatmentId, ...parts.map((other) => other.treatmentId)]);
        const choices = treatments.filter(
          (option) => option.id === part.treatmentId || !taken.has(option.id),
        );
        const chosen = treatments.find((option) => option.id === part.treatmentId);
        return (
          <section
            key={index}
            aria-label={fill(t.partSection, { number })}
            className="grid gap-3 rounded-xl border border-border p-4 sm:grid-cols-2"
          >
            <FormField label={fill(t.partTreatment, { number })}>
              {(control) => (
                <Select
                  value={part.treatmentId}
                  onValueChange={(treatmentId) => {
                    const next = treatments.find((option) => option.id === treatmentId);
                    const keeps =
                      part.operatorId === anyOperator ||
                      next?.operators.some((operator) => operator.id === part.operatorId);
                    replace(index, { treatmentId, operatorId: keeps ? part.operatorId : anyOperator });
                  }}
                >
                  <SelectTrigger {...control}>
                    <SelectValue placeholder={t.choosePartTreatment} />
                  </SelectTrigger>
                  <SelectContent>
                    {choices.map((option) => (
                      <SelectItem key={option.id} value={option.id}>
                        {`${option.name} · ${fill(t.duration, { minutes: option.duration_minutes })} · ${formatMoney(option.price)}`}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
            {chosen ? (
              <FormField label={fill(t.partOperator, { number })}>
                {(control) => (
                  <Select
                    value={part.operatorId}
                    onValueChange={(operatorId) => replace(index, { ...part, operatorId })}
                  >
                    <SelectTrigger {...control}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={anyOperator}>{t.noPreference}</SelectItem>
                      {chosen.operators.map((operator) => (
                        <SelectItem key={operator.id} value={operator.id}>
                          {operator.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
            ) : null}
            <div className="sm:col-span-2">
              <Button
                type="button"
                variant="outline"
                aria-label={fill(t.removePartLabel, { number })}
                onClick={() => onChange(parts.filter((_, at) => at !== index))}
              >
                <X aria-hidden="true" className="size-4" />
                {t.removePart}
              </Button>
            </div>
          </section>
        );
      })}
      {room && allChosen ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => onChange([...parts, { treatmentId: '', operatorId: anyOperator }])}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t.addPart}
        </Button>
      ) : null}
    </div>
  );
}
