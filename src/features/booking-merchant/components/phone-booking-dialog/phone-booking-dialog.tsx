import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import type { VisitPart } from '@/components/booking/visit-free-times';
import { useBookForClient } from '@/features/booking-merchant/api/book-for-client';
import { useBookableClient } from '@/features/booking-merchant/api/get-bookable-client';
import { useMerchantProfile } from '@/features/booking-merchant/api/get-merchant-profile';
import { useOperators } from '@/features/booking-merchant/api/list-operators';
import { useTreatments } from '@/features/booking-merchant/api/list-treatments';
import type { FoundClient } from '@/features/booking-merchant/api/search-clients';
import { BookingPartFields } from '@/features/booking-merchant/components/phone-booking-dialog/booking-part-fields';
import { ClientSearch } from '@/features/booking-merchant/components/phone-booking-dialog/client-search';
import { FreeStartTimes } from '@/features/booking-merchant/components/phone-booking-dialog/free-start-times';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { todayInRome } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.appuntamento;
const maxParts = 4;
const emptyPart: VisitPart = { treatmentId: '', operatorId: null };

/**
 * 'Nuovo appuntamento': the salon books one treatment, or a visit of up to four, for a client on the phone,
 * at a free time of the day; confirmed at once. Opened for a client (her card) or to search one (the Agenda).
 */
export function PhoneBookingDialog({
  clientId,
  day,
  onClose,
}: {
  clientId?: string;
  day?: string;
  onClose: () => void;
}) {
  const [picked, setPicked] = useState<FoundClient>();
  const given = useBookableClient(clientId);
  const client = clientId ? given.data : picked;
  const profile = useMerchantProfile();
  const treatments = useTreatments();
  const operators = useOperators();
  const [parts, setParts] = useState<VisitPart[]>([emptyPart]);
  const [date, setDate] = useState(day ?? todayInRome());
  const [time, setTime] = useState('');
  const [failure, setFailure] = useState<string>();
  const book = useBookForClient();

  const changeParts = (next: VisitPart[]) => {
    setParts(next);
    setTime('');
  };
  const onConfirm = async () => {
    if (!client || !time) return;
    setFailure(undefined);
    try {
      notify.success((await book.mutateAsync({ clientId: client.id, parts, date, time })).message);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>{t.title}</DialogTitle>
        <DialogDescription>
          {client ? fill(t.description, { client: client.name }) : t.pickClient}
        </DialogDescription>
        {clientId && given.isError ? (
          <p role="alert" className="text-sm font-semibold text-destructive break-words">
            {errorMessage(given.error)}
          </p>
        ) : null}
        {!clientId && !picked ? <ClientSearch onSelect={setPicked} /> : null}
        {!clientId && picked ? (
          <Button variant="outline" className="justify-self-start" onClick={() => setPicked(undefined)}>
            {t.changeClient}
          </Button>
        ) : null}
        {client ? (
          <div className="grid gap-4">
            {parts.map((part, index) => (
              <BookingPartFields
                key={index}
                number={index + 1}
                part={part}
                treatments={treatments.data ?? []}
                operators={operators.data ?? []}
                onChange={(changed) => changeParts(parts.map((one, at) => (at === index ? changed : one)))}
                onRemove={
                  parts.length > 1 ? () => changeParts(parts.filter((_, at) => at !== index)) : undefined
                }
              />
            ))}
            {parts.length < maxParts ? (
              <Button
                type="button"
                variant="outline"
                className="justify-self-start"
                onClick={() => changeParts([...parts, emptyPart])}
              >
                {t.addPart}
              </Button>
            ) : null}
            <FormField label={t.day}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  min={todayInRome()}
                  value={date}
                  onChange={(event) => {
                    setDate(event.target.value);
                    setTime('');
                  }}
                />
              )}
            </FormField>
            <div className="grid gap-2">
              <h3 className="font-semibold">{t.times}</h3>
              {profile.data ? (
                <FreeStartTimes
                  merchantSlug={profile.data.slug}
                  parts={parts}
                  date={date}
                  selected={time}
                  onSelect={setTime}
                />
              ) : null}
            </div>
          </div>
        ) : null}
        {failure ? (
          <p role="alert" className="text-sm font-semibold text-destructive break-words">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{t.back}</Button>
          </DialogClose>
          {client ? (
            <Button onClick={() => void onConfirm()} disabled={!time || book.isPending}>
              {t.confirm}
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
