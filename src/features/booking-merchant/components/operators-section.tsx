import { CalendarClock, Pencil, Trash2, UserRound } from 'lucide-react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useAddOperator } from '@/features/booking-merchant/api/add-operator';
import { useOperators, type Operator } from '@/features/booking-merchant/api/list-operators';
import { useUpdateOperator } from '@/features/booking-merchant/api/update-operator';
import { DeleteOperatorDialog } from '@/features/booking-merchant/components/delete-operator-dialog';
import { OperatorCalendarDialog } from '@/features/booking-merchant/components/operator-calendar-dialog';
import { PhotoField } from '@/features/booking-merchant/components/photo-field';
import {
  editOperatorFormSchema,
  newOperatorFormSchema,
  type OperatorDraft,
} from '@/features/booking-merchant/operator-and-logo-forms';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { maxLength } from '@/lib/input-limits';
import { fill } from '@/lib/texts';
import { imageUrl } from '@/lib/image-url';

const t = bookingMerchantTexts.impostazioni;
const c = bookingMerchantTexts.common;

const emptyOperator: OperatorDraft = { name: '', photo: null };

/** Operators: a form for a new one (name and photo required) and the list with edit and delete. */
export function OperatorsSection() {
  const operators = useOperators();
  return (
    <section aria-labelledby="operators-title">
      <Card>
        <CardHeader>
          <CardTitle id="operators-title">{t.operators}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <NewOperatorForm />
          <QueryView
            query={operators}
            pending={<LoadingBlocks count={2} className="h-20" />}
            empty={t.emptyOperators}
          >
            {(data) => (
              <ul aria-label={t.operators} className="grid gap-3 sm:grid-cols-2">
                {data.map((operator) => (
                  <li key={operator.id}>
                    <OperatorRow operator={operator} />
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

function NewOperatorForm() {
  const form = useForm<OperatorDraft, unknown, z.output<typeof newOperatorFormSchema>>({
    resolver: zodResolver(newOperatorFormSchema),
    defaultValues: emptyOperator,
  });
  const { errors, isSubmitting } = form.formState;
  const [inputKey, setInputKey] = useState(0);
  const add = useAddOperator();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      notify.success(t.operatorAdded, 'long');
      form.reset(emptyOperator);
      setInputKey((key) => key + 1);
    } catch (error) {
      notify.error(fill(t.operatorError, { message: errorMessage(error) }), 'long');
    }
  });

  return (
    <form
      noValidate
      aria-label={t.newOperator}
      onSubmit={onSubmit}
      className="grid gap-4 rounded-xl bg-muted/60 p-4"
    >
      <h3 className="font-sans text-base font-semibold">{t.newOperator}</h3>
      <FormField label={t.operatorName} error={errors.name?.message}>
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
      <Controller
        control={form.control}
        name="photo"
        render={({ field }) => (
          <PhotoField
            label={t.photo}
            hint={t.photoHint}
            error={errors.photo?.message}
            file={field.value}
            onFileChange={field.onChange}
            inputKey={inputKey}
          />
        )}
      />
      <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? t.saving : t.addOperator}
      </Button>
    </form>
  );
}

function OperatorPhoto({ operator }: { operator: Operator }) {
  return operator.image_url ? (
    <img
      src={imageUrl('operatori', operator.image_url) ?? undefined}
      alt={fill(t.photoOf, { name: operator.name })}
      width={75}
      height={75}
      className="size-[75px] shrink-0 rounded-full border border-border object-cover"
    />
  ) : (
    <span className="flex size-[75px] shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
      <UserRound aria-hidden="true" className="size-8" />
    </span>
  );
}

function OperatorRow({ operator }: { operator: Operator }) {
  const [dialog, setDialog] = useState<'edit' | 'calendar' | 'delete' | null>(null);
  const close = () => setDialog(null);

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-border p-3">
      <OperatorPhoto operator={operator} />
      <p className="min-w-24 flex-1 text-lg font-semibold break-words">{operator.name}</p>
      <div className="ml-auto flex shrink-0 gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={fill(t.operatorCalendarLabel, { name: operator.name })}
          onClick={() => setDialog('calendar')}
        >
          <CalendarClock aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={fill(t.editOperatorLabel, { name: operator.name })}
          onClick={() => setDialog('edit')}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={fill(t.deleteOperatorLabel, { name: operator.name })}
          onClick={() => setDialog('delete')}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {dialog === 'edit' ? <EditOperatorDialog operator={operator} onClose={close} /> : null}
      {dialog === 'calendar' ? <OperatorCalendarDialog operator={operator} onClose={close} /> : null}
      {dialog === 'delete' ? <DeleteOperatorDialog operator={operator} onClose={close} /> : null}
    </div>
  );
}

/** Name required; a new photo only when the merchant picks one (spec §5). */
function EditOperatorDialog({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const form = useForm<OperatorDraft, unknown, z.output<typeof editOperatorFormSchema>>({
    resolver: zodResolver(editOperatorFormSchema),
    defaultValues: { name: operator.name, photo: null },
  });
  const { errors, isSubmitting } = form.formState;
  const update = useUpdateOperator();

  const onSubmit = form.handleSubmit(async ({ name, photo }) => {
    try {
      notify.success((await update.mutateAsync({ operatorId: operator.id, name, photo })).message, 'long');
      onClose();
    } catch (error) {
      notify.error(fill(t.operatorError, { message: errorMessage(error) }), 'long');
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle>{t.editOperatorTitle}</DialogTitle>
        <DialogDescription className="sr-only">{operator.name}</DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t.operatorName} error={errors.name?.message}>
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
          <Controller
            control={form.control}
            name="photo"
            render={({ field }) => (
              <PhotoField label={t.newPhoto} file={field.value} onFileChange={field.onChange} />
            )}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">{c.cancel}</Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t.saving : t.saveOperator}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
