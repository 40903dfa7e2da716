import type { TemplateData } from '../mail/go-template.ts';
import type { Mailer } from '../mail/mailer.ts';
import { readBodyTemplates, sendTemplatedMail } from '../mail/templated-mail.ts';
import { AuthError } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { AuthSettings, TemplateId } from './settings.ts';

/** GoTrue's `type` in the verify link of each template. */
const verifyType: Record<TemplateId, string> = {
  confirmation: 'signup',
  invite: 'invite',
  recovery: 'recovery',
  magic_link: 'magiclink',
  email_change: 'email_change',
};

const fallbackText = '{{ .ConfirmationURL }}\n';
const fallbackHtml = '<p><a href="{{ .ConfirmationURL }}">{{ .ConfirmationURL }}</a></p>\n';

export interface AuthEmail {
  template: TemplateId;
  /** The address the message goes to. */
  to: string;
  /** The account's address (`{{ .Email }}`). */
  email: string;
  otp: string;
  tokenHash: string;
  /** The validated redirect, or the site URL. */
  redirectTo: string;
  userMetadata: Record<string, unknown>;
  newEmail?: string;
}

export interface AuthMailContext {
  settings: AuthSettings;
  mailer: Mailer;
  emailLimiter: RateLimiter;
  siteUrl: string;
  /** The server's public origin, for the /auth/v1/verify links. */
  apiOrigin: string;
}

/** Renders a template of config.toml with Supabase's variables and sends it. */
export async function sendAuthEmail(context: AuthMailContext, email: AuthEmail): Promise<void> {
  context.emailLimiter.hit('all');
  const setting = context.settings.templates[email.template];
  const confirmationUrl =
    `${context.apiOrigin}/auth/v1/verify?token=${email.tokenHash}&type=${verifyType[email.template]}` +
    `&redirect_to=${encodeURIComponent(email.redirectTo)}`;
  const data: TemplateData = {
    SiteURL: context.siteUrl,
    ConfirmationURL: confirmationUrl,
    Email: email.email,
    NewEmail: email.newEmail ?? '',
    SendingTo: email.to,
    Token: email.otp,
    TokenHash: email.tokenHash,
    RedirectTo: email.redirectTo,
    Data: email.userMetadata,
  };
  const bodies = setting.contentPath ? readBodyTemplates(setting.contentPath) : {};
  try {
    await sendTemplatedMail(context.mailer, {
      from: { Name: context.settings.senderName, Address: context.settings.senderAddress },
      to: email.to,
      templates: {
        subject: setting.subject,
        text: bodies.text ?? fallbackText,
        html: bodies.html ?? fallbackHtml,
      },
      data,
    });
  } catch (error) {
    throw Object.assign(
      new AuthError(500, 'unexpected_failure', `Error sending ${verifyType[email.template]} email`),
      {
        cause: error,
      },
    );
  }
}
