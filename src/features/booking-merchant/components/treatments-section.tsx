import { Pencil, Trash2 } from 'lucide-react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useAddTreatment } from '@/features/booking-merchant/api/add-treatment';
import { useDeleteTreatment } from '@/features/booking-merchant/api/delete-treatment';
import { useOperators, type Operator } from '@/features/booking-merchant/api/list-operators';
import { useTreatments, type Treatment } from '@/features/booking-merchant/api/list-treatments';
import { useUpdateTreatment } from '@/features/booking-merchant/api/update-treatment';
import { SuffixInput } from '@/features/booking-merchant/components/suffix-input';
import { TextArea } from '@/components/ui/text-area';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import {
  emptyTreatmentDraft,
  isIncomplete,
  toggleAllOperators,
  toggleOperator,
  treatmentDraftOf,
  treatmentFormSchema,
  type TreatmentDraft,
  type TreatmentValues,
} from '@/features/booking-merchant/treatment-form';
import { errorMessage } from '@/lib/api-error';
import { maxLength } from '@/lib/input-limits';
import { formatMoney } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;
const c = bookingMerchantTexts.common;

/** Treatments: a form for a new one (every field, at least one operator) and the list to edit or delete. */
export function TreatmentsSection() {
  const treatments = useTreatments();
  const operators = useOperators();
  return (
    <section aria-labelledby="treatments-title">
      <Card>
        <CardHeader>
          <CardTitle id="treatments-title">{t.treatments}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <NewTreatmentForm operators={operators.data ?? []} />
          <QueryView
            query={treatments}
            pending={<LoadingBlocks count={2} className="h-20" />}
            empty={t.emptyTreatments}
          >
            {(data) => (
              <ul aria-label={t.treatments} className="grid gap-3 sm:grid-cols-2">
                {data.map((treatment) => (
                  <li key={treatment.id}>
                    <TreatmentRow treatment={treatment} operators={operators.data ?? []} />
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}

type TreatmentForm = UseFormReturn<TreatmentDraft, unknown, TreatmentValues>;

/** The treatment form: the schema's messages under each field, and 'fill every field' when one is empty. */
function useTreatmentForm(defaultValues: TreatmentDraft) {
  const form = useForm<TreatmentDraft, unknown, TreatmentValues>({
    resolver: zodResolver(treatmentFormSchema),
    defaultValues,
  });
  const summary = isIncomplete(form.formState.errors) ? t.formIncomplete : null;
  return { form, summary };
}

function NewTreatmentForm({ operators }: { operators: Operator[] }) {
  const { form, summary } = useTreatmentForm(emptyTreatmentDraft);
  const add = useAddTreatment();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      notify.success(t.treatmentAdded, 'long');
      form.reset(emptyTreatmentDraft);
    } catch (error) {
      notify.error(fill(t.treatmentError, { message: errorMessage(error) }), 'long');
    }
  });

  return (
    <form
      noValidate
      aria-label={t.newTreatment}
      onSubmit={onSubmit}
      className="grid gap-4 rounded-xl bg-muted/60 p-4 sm:grid-cols-2"
    >
      <h3 className="font-sans text-base font-semibold sm:col-span-2">{t.newTreatment}</h3>
      <TreatmentFields form={form} operators={operators} />
      <p role="alert" className="font-medium text-destructive empty:hidden sm:col-span-2">
        {summary ?? ''}
      </p>
      <Button type="submit" className="justify-self-start" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t.saving : t.addTreatment}
      </Button>
    </form>
  );
}

/** The fields of a treatment, shared by the new one's form and the edit dialog. */
function TreatmentFields({ form, operators }: { form: TreatmentForm; operators: Operator[] }) {
  const { errors } = form.formState;
  const operatorsErrorId = useId();
  const [allOperators, operatorIds] = useWatch({
    control: form.control,
    name: ['allOperators', 'operatorIds'],
  });
  const choose = (next: TreatmentDraft) => {
    const validate = form.formState.isSubmitted;
    form.setValue('allOperators', next.allOperators, { shouldValidate: validate });
    form.setValue('operatorIds', next.operatorIds, { shouldValidate: validate });
  };
  const draft = () => form.getValues();
  return (
    <>
      <FormField label={t.treatmentName} error={errors.name?.message} className="sm:col-span-2">
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            required
            maxLength={maxLength.name}
            {...form.register('name')}
          />
        )}
      </FormField>
      <FormField label={t.description} error={errors.description?.message} className="sm:col-span-2">
        {(control) => (
          <TextArea
            {...control}
            required
            maxLength={maxLength.description}
            {...form.register('description')}
          />
        )}
      </FormField>
      <FormField label={t.duration} error={errors.duration?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="duration"
            render={({ field }) => (
              <SuffixInput
                {...control}
                ref={field.ref}
                inputMode="numeric"
                autoComplete="off"
                required
                suffix=" min"
                value={field.value}
                onValueChange={field.onChange}
              />
            )}
          />
        )}
      </FormField>
      <FormField label={t.price} error={errors.price?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="price"
            render={({ field }) => (
              <SuffixInput
                {...control}
                ref={field.ref}
                inputMode="decimal"
                autoComplete="off"
                required
                suffix="€"
                value={field.value}
                onValueChange={field.onChange}
              />
            )}
          />
        )}
      </FormField>
      <fieldset
        className="grid gap-2 sm:col-span-2"
        aria-describedby={errors.operatorIds ? operatorsErrorId : undefined}
      >
        <legend className="mb-1 text-sm font-semibold">{t.operatorsLegend}</legend>
        <Choice
          label={t.allOperators}
          checked={allOperators}
          onChange={(checked) => choose(toggleAllOperators(draft(), checked))}
        />
        {operators.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.noOperators}</p>
        ) : (
          operators.map((operator) => (
            <Choice
              key={operator.id}
              label={operator.name}
              checked={operatorIds.includes(operator.id)}
              disabled={allOperators}
              onChange={(checked) => choose(toggleOperator(draft(), operator.id, checked))}
            />
          ))
        )}
        <p id={operatorsErrorId} role="alert" className="text-sm font-medium text-destructive empty:hidden">
          {errors.operatorIds?.message}
        </p>
      </fieldset>
    </>
  );
}

function Choice({
  label,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 has-disabled:opacity-60">
      <input
        type="checkbox"
        className="size-5 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

function TreatmentRow({ treatment, operators }: { treatment: Treatment; operators: Operator[] }) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const close = () => setDialog(null);
  const names = treatment.for_all_operators
    ? t.forAll
    : (treatment.operator_ids ?? [])
        .map((id) => operators.find((operator) => operator.id === id)?.name)
        .filter(Boolean)
        .join(', ');

  return (
    <article className="grid h-full content-start gap-2 rounded-xl border border-border p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-sans text-lg font-semibold break-words">{treatment.name}</h3>
        <div className="-mt-2 -mr-2 flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={fill(t.editTreatmentLabel, { name: treatment.name })}
            onClick={() => setDialog('edit')}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={fill(t.deleteTreatmentLabel, { name: treatment.name })}
            onClick={() => setDialog('delete')}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {treatment.description ? <p className="text-muted-foreground">{treatment.description}</p> : null}
      <p className="flex flex-wrap gap-x-3 font-medium tabular-nums">
        <span>{fill(t.minutes, { minutes: treatment.duration_minutes })}</span>
        <span className="text-primary">{formatMoney(treatment.price)}</span>
      </p>
      {names ? <p className="text-sm">{names}</p> : null}
      {dialog === 'edit' ? (
        <EditTreatmentDialog treatment={treatment} operators={operators} onClose={close} />
      ) : null}
      {dialog === 'delete' ? <DeleteTreatmentDialog treatment={treatment} onClose={close} /> : null}
    </article>
  );
}

function EditTreatmentDialog({
  treatment,
  operators,
  onClose,
}: {
  treatment: Treatment;
  operators: Operator[];
  onClose: () => void;
}) {
  const { form, summary } = useTreatmentForm(treatmentDraftOf(treatment));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateTreatment();

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      notify.success((await update.mutateAsync({ treatmentId: treatment.id, ...values })).message, 'long');
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle className="pr-10">{t.editTreatmentTitle}</DialogTitle>
        <DialogDescription className="sr-only">{treatment.name}</DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <TreatmentFields form={form} operators={operators} />
          <p role="alert" className="font-medium text-destructive empty:hidden sm:col-span-2">
            {summary ?? problem ?? ''}
          </p>
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <DialogClose asChild>
              <Button variant="outline">{c.cancel}</Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? t.saving : t.saveTreatment}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteTreatmentDialog({ treatment, onClose }: { treatment: Treatment; onClose: () => void }) {
  const remove = useDeleteTreatment();

  const onDelete = async () => {
    try {
      await remove.mutateAsync(treatment.id);
      notify.success(t.treatmentDeleted, 'long');
      onClose();
    } catch (error) {
      notify.error(fill(t.treatmentDeleteError, { message: errorMessage(error) }), 'long');
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle className="pr-10">{fill(t.deleteTreatmentTitle, { name: treatment.name })}</DialogTitle>
        <DialogDescription>{t.deleteTreatmentDescription}</DialogDescription>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{c.cancel}</Button>
          </DialogClose>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => void onDelete()}>
            {t.deleteTreatment}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
