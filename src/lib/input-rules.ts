import * as z from 'zod/mini';
import { maxLength } from '@/lib/input-limits';
import { fill, texts } from '@/lib/texts';

const v = texts.validation;

/** An Italian message for a text over its maximum length, e.g. 'Il nome può contenere al massimo 100 caratteri'. */
export function tooLong(message: string, max: number): string {
  return fill(message, { max: String(max) });
}

/** A password of at least `minimum` characters (config.toml's) and at most 72 (bcrypt reads no further). */
export function passwordRule(minimum: number) {
  return z
    .string()
    .check(
      z.minLength(minimum, fill(v.passwordTooShort, { min: String(minimum) })),
      z.maxLength(maxLength.password, tooLong(v.passwordTooLong, maxLength.password)),
    );
}

/** A required text, trimmed, at most `max` characters, with its Italian messages. */
export function requiredText(missing: string, max: number, tooLongMessage: string) {
  return z.string().check(z.trim(), z.minLength(1, missing), z.maxLength(max, tooLong(tooLongMessage, max)));
}

/** A required name, trimmed, at most 100 characters. */
export const nameRule = requiredText(v.nameRequired, maxLength.name, v.nameTooLong);

/** An e-mail address of at most 254 characters. */
export const emailRule = z
  .email(v.emailRequired)
  .check(z.maxLength(maxLength.email, tooLong(v.emailTooLong, maxLength.email)));

/** A dialog's one required reason (a reversal, a rejection, a cancellation): trimmed, at most 500 characters. */
export function reasonFormSchema(missing: string) {
  return z.object({ reason: requiredText(missing, maxLength.note, v.noteTooLong) });
}
