import { describe, expect, it } from 'vitest';
import { renderTemplatedMail } from './templated-mail.ts';
import { notificationData, notificationTemplates, type NotificationKind } from './notification-templates.ts';

const kinds: NotificationKind[] = [
  'new_request',
  'confirmation',
  'change_proposed',
  'rejection',
  'cancellation',
  'reminder',
  'expiry',
];

const payload = {
  salon_name: 'Salone <Aurora>',
  salon_phone: '011 123456',
  salon_address: 'Via Roma 1, Torino',
  client_name: 'Giulia & Co',
  treatment: 'Piega',
  operator: 'Anna',
  date: '10-12-2026',
  time: '10:30',
  notes: '',
};

describe('booking e-mail templates', () => {
  it.each(kinds)('renders %s as one Italian document in the shared layout, values escaped', (kind) => {
    const mail = renderTemplatedMail({
      from: { Name: 'Passaparola', Address: 'no-reply@passaparola.local' },
      to: 'giulia@example.com',
      templates: notificationTemplates(kind),
      data: notificationData(payload, 'https://prenota.example.com/'),
    });
    expect(mail.html.startsWith('<!doctype html>\n<html lang="it">')).toBe(true);
    expect(mail.html.match(/<html/g)).toHaveLength(1);
    expect(mail.html).toContain('<title>Salone &lt;Aurora&gt;</title>');
    expect(mail.html).not.toContain('booking e-mail body');
    expect(mail.html).not.toContain('Giulia & Co');
    expect(mail.html.trimEnd().endsWith('</html>')).toBe(true);
    expect(mail.text).not.toContain('&lt;');
    expect(mail.subject).not.toMatch(/\{\{|\}\}/);
  });
});
