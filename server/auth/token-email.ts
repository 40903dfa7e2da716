import type { Queryable } from '../db/port.ts';
import { mailContext, type AuthContext } from './auth-context.ts';
import { sendAuthEmail } from './emails.ts';
import { issueToken, type TokenKind } from './one-time-tokens.ts';
import type { TemplateId } from './settings.ts';
import type { UserRow } from './users.ts';

export interface TokenEmail {
  template: TemplateId;
  /** The kind of one-time token the e-mail carries (a magic link is a 'recovery' token). */
  kind: TokenKind;
  user: Pick<UserRow, 'id' | 'raw_user_meta_data'>;
  /** The address the token is for and the message goes to. */
  to: string;
  redirectTo: string;
  /** The account's address (`{{ .Email }}`) when it is not `to`. */
  email?: string;
  newEmail?: string;
}

/**
 * Issues a fresh one-time token for `to` and e-mails it with the template, inside the caller's
 * transaction: when sending fails, the token is rolled back with everything else.
 */
export async function sendTokenEmail(auth: AuthContext, tx: Queryable, message: TokenEmail): Promise<void> {
  const token = await issueToken(tx, message.user.id, message.to, message.kind, auth.settings.otpLength);
  await sendAuthEmail(mailContext(auth), {
    template: message.template,
    to: message.to,
    email: message.email ?? message.to,
    newEmail: message.newEmail,
    otp: token.otp,
    tokenHash: token.tokenHash,
    redirectTo: message.redirectTo,
    userMetadata: message.user.raw_user_meta_data ?? {},
  });
}
