import nodemailer from 'nodemailer';
import { Mailbox, type Address } from './mailbox.ts';

export interface OutgoingMail {
  from: Address;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** The media type, e.g. 'text/calendar; charset=utf-8; method=PUBLISH'. */
  contentType: string;
  content: string;
}

/**
 * Sends e-mail over SMTP when SMTP_URL (or an enabled `[auth.email.smtp]` of config.toml) is set,
 * otherwise into the local mailbox, served on its own port on 127.0.0.1.
 */
export interface Mailer {
  /** The local mailbox, absent when mail goes over SMTP. */
  readonly mailbox?: Mailbox;
  send(mail: OutgoingMail): Promise<void>;
}

export interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
}

export function createMailer(options: { smtpUrl?: string; smtp?: SmtpOptions; dataDir?: string }): Mailer {
  const smtp = options.smtpUrl ?? options.smtp;
  if (smtp) {
    const transport = nodemailer.createTransport(smtp);
    return {
      async send(mail) {
        await transport.sendMail({
          from: { name: mail.from.Name, address: mail.from.Address },
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments?.map((attachment) => ({ ...attachment })),
        });
      },
    };
  }
  const mailbox = new Mailbox(options.dataDir);
  return {
    mailbox,
    async send(mail) {
      mailbox.deliver({
        From: mail.from,
        To: [{ Name: '', Address: mail.to }],
        Subject: mail.subject,
        Text: mail.text,
        HTML: mail.html,
        Attachments: (mail.attachments ?? []).map((attachment, index) => ({
          PartID: String(index + 2),
          FileName: attachment.filename,
          ContentType: attachment.contentType,
          Size: Buffer.byteLength(attachment.content, 'utf8'),
          Content: attachment.content,
        })),
      });
    },
  };
}
