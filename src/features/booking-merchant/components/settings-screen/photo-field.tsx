import { useEffect, useMemo } from 'react';
import { FormField } from '@/components/ui/form-field';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { cx } from 'class-variance-authority';

const t = bookingMerchantTexts.impostazioni;

/**
 * A photo chosen from the device, previewed 75 px round (spec §9). The native file input lies
 * transparent over an Italian face, so it keeps its label, focus and keyboard while the browser's
 * own 'Choose File' text never shows.
 */
export function PhotoField({
  label,
  hint,
  error,
  file,
  onFileChange,
  inputKey,
  texts = { choose: t.choosePhoto, none: t.noPhoto, preview: t.photoPreview },
  square = false,
}: {
  label: string;
  hint?: string;
  error?: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** Changes to empty the file input after a save. */
  inputKey?: number;
  /** The button's face, the text without a file and the preview's alternative text. */
  texts?: { choose: string; none: string; preview: string };
  /** A square preview (a logo) instead of a round one (a face). */
  square?: boolean;
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
          <div className="relative">
            <input
              key={inputKey}
              {...control}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
            />
            <div
              aria-hidden="true"
              className="flex min-h-11 items-center gap-3 rounded-lg border border-input bg-card px-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-ring peer-aria-invalid:border-destructive"
            >
              <span className="shrink-0 rounded-md bg-accent px-3 py-1 font-semibold text-accent-foreground">
                {texts.choose}
              </span>
              <span className="min-w-0 py-1 text-muted-foreground [overflow-wrap:anywhere]">
                {file?.name ?? texts.none}
              </span>
            </div>
          </div>
        )}
      </FormField>
      {preview ? (
        <img
          src={preview}
          alt={texts.preview}
          width={75}
          height={75}
          className={cx(
            'size-[75px] shrink-0 border border-border',
            square ? 'rounded-lg bg-card object-contain' : 'rounded-full object-cover',
          )}
        />
      ) : null}
    </div>
  );
}
