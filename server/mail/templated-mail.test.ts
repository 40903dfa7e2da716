import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from './mailer.ts';
import { readBodyTemplates, sendTemplatedMail, type TemplatedMail } from './templated-mail.ts';

function recordingMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}

const mail: TemplatedMail = {
  from: { Name: 'Passaparola', Address: 'noreply@passaparola.test' },
  to: 'giulia@clienti.test',
  templates: {
    subject: 'Ciao {{ .Name }}',
    text: 'Ciao {{ .Name }}, {{ .Link }}',
    html: '<p>Ciao {{ .Name }}, <a href="{{ .Link }}">apri</a></p>',
  },
  data: { Name: 'Giulia <b>\r\nBcc: x@y.test', Link: 'https://passaparola.test/?a=1&b=2' },
};

describe('sendTemplatedMail', () => {
  it('sends the rendered message: escaped HTML, plain text as it is, the subject on one line', async () => {
    const mailer = recordingMailer();
    await sendTemplatedMail(mailer, mail);
    expect(mailer.sent).toEqual([
      {
        from: mail.from,
        to: 'giulia@clienti.test',
        subject: 'Ciao Giulia <b> Bcc: x@y.test',
        text: 'Ciao Giulia <b>\r\nBcc: x@y.test, https://passaparola.test/?a=1&b=2',
        html: '<p>Ciao Giulia &lt;b&gt;\r\nBcc: x@y.test, <a href="https://passaparola.test/?a=1&amp;b=2">apri</a></p>',
      },
    ]);
  });

  it('passes the attachments on', async () => {
    const mailer = recordingMailer();
    const attachment = { filename: 'a.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' };
    await sendTemplatedMail(mailer, { ...mail, attachments: [attachment] });
    expect(mailer.sent[0]?.attachments).toEqual([attachment]);
  });

  it('lets a failing send reach the caller', async () => {
    const failing: Mailer = {
      send: () => Promise.reject(new Error('SMTP down')),
    };
    await expect(sendTemplatedMail(failing, mail)).rejects.toThrow('SMTP down');
  });
});

describe('readBodyTemplates', () => {
  const folder = mkdtempSync(join(tmpdir(), 'mail-templates-'));

  it('reads the HTML file and the .txt beside it', () => {
    writeFileSync(join(folder, 'invite.html'), '<p>html</p>');
    writeFileSync(join(folder, 'invite.txt'), 'text');
    expect(readBodyTemplates(join(folder, 'invite.html'))).toEqual({ html: '<p>html</p>', text: 'text' });
  });

  it('leaves a missing file undefined', () => {
    writeFileSync(join(folder, 'recovery.html'), '<p>only html</p>');
    expect(readBodyTemplates(join(folder, 'recovery.html'))).toEqual({
      html: '<p>only html</p>',
      text: undefined,
    });
    expect(readBodyTemplates(join(folder, 'missing.html'))).toEqual({ html: undefined, text: undefined });
  });
});
