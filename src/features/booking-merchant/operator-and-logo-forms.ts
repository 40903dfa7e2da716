import * as z from 'zod/mini';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { maxLength } from '@/lib/input-limits';
import { requiredText } from '@/lib/input-rules';
import { texts } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

const operatorName = requiredText(t.operatorNameRequired, maxLength.name, texts.validation.nameTooLong);

/** What an operator form holds: the name typed and the photo picked, if any. */
export interface OperatorDraft {
  name: string;
  photo: File | null;
}

/** A picture the person must pick before saving: `missing` until then. */
function requiredPicture(missing: string) {
  return z.pipe(
    z.custom<File | null>((value) => value instanceof File, missing),
    z.instanceof(File),
  );
}

/** A new operator: a name and a photo (spec §5). */
export const newOperatorFormSchema = z.object({
  name: operatorName,
  photo: requiredPicture(t.photoRequired),
});

/** An operator edited: the name, and a new photo only when one is picked. */
export const editOperatorFormSchema = z.object({
  name: operatorName,
  photo: z.nullable(z.instanceof(File)),
});

/** The salon's logo: a picture picked. */
export const salonLogoFormSchema = z.object({ logo: requiredPicture(t.chooseLogoFirst) });
