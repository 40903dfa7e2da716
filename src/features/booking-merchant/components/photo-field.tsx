import { useEffect, useMemo } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';

const t = bookingMerchantTexts.impostazioni;

/** A photo chosen from the device, previewed 75 px round (spec §9). */
export function PhotoField({
  label,
  hint,
  error,
  file,
  onFileChange,
  inputKey,
}: {
  label: string;
  hint?: string;
  error?: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** Changes to empty the file input after a save. */
  inputKey?: number;
}) {
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  return (
    <div className="flex items-start gap-4">
      <FormField label={label} hint={hint} error={error} className="min-w-0 flex-1">
        {(control) => (
          <Input
            key={inputKey}
            {...control}
            type="file"
            accept="image/*"
            className="py-2 file:mr-3 file:rounded-md file:border-0 file:bg-accent file:px-3 file:py-1 file:font-semibold file:text-accent-foreground"
            onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
          />
        )}
      </FormField>
      {preview ? (
        <img
          src={preview}
          alt={t.photoPreview}
          width={75}
          height={75}
          className="size-[75px] shrink-0 rounded-full border border-border object-cover"
        />
      ) : null}
    </div>
  );
}
