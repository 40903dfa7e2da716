import { existsSync, readFileSync } from 'node:fs';
import { renderGoTemplate, type TemplateData } from './go-template.ts';
import type { Address } from './mailbox.ts';
import type { MailAttachment, Mailer, OutgoingMail } from './mailer.ts';

/** A message's subject, plain text and HTML, in the Go template syntax Supabase's templates use. */
export interface MailTemplates {
  subject: string;
  text: string;
  html: string;
}

/** The HTML body at `htmlPath` and the plain text beside it (same name, `.txt`); a missing file is undefined. */
export function readBodyTemplates(htmlPath: string): { html?: string; text?: string } {
  const textPath = htmlPath.replace(/\.html?$/, '') + '.txt';
  return {
    html: existsSync(htmlPath) ? readFileSync(htmlPath, 'utf8') : undefined,
    text: existsSync(textPath) ? readFileSync(textPath, 'utf8') : undefined,
  };
}

export interface TemplatedMail {
  from: Address;
  to: string;
  templates: MailTemplates;
  data: TemplateData;
  attachments?: MailAttachment[];
}

/**
 * The message the templates make with `data`: values escaped in the HTML body only, and the subject on
 * one line, so a name with a line break never reaches the header.
 */
export function renderTemplatedMail(mail: TemplatedMail): OutgoingMail {
  const { templates, data } = mail;
  return {
    from: mail.from,
    to: mail.to,
    subject: renderGoTemplate(templates.subject, data, { html: false }).replace(/\s+/g, ' ').trim(),
    text: renderGoTemplate(templates.text, data, { html: false }),
    html: renderGoTemplate(templates.html, data, { html: true }),
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
  };
}

/** The one way the server sends e-mail: auth messages and the booking notifications of the outbox. */
export async function sendTemplatedMail(mailer: Mailer, mail: TemplatedMail): Promise<void> {
  await mailer.send(renderTemplatedMail(mail));
}
