import nodemailer from 'nodemailer';
import { Mailbox, type Address } from './mailbox.ts';

export interface OutgoingMail {
  from: Address;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail over SMTP when SMTP_URL is set, otherwise into the local mailbox served at /_mail. */
export interface Mailer {
  /** The local mailbox, absent when mail goes over SMTP. */
  readonly mailbox?: Mailbox;
  send(mail: OutgoingMail): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string; dataDir?: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: { name: mail.from.Name, address: mail.from.Address },
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
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
      });
    },
  };
}
