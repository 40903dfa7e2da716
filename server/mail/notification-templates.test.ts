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
  'address_confirmation',
  'waitlist_slot',
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
      data: notificationData(kind, [payload], 'https://prenota.example.com/'),
    });
    expect(mail.html.startsWith('<!doctype html>\n<html lang="it">')).toBe(true);
    expect(mail.html.match(/<html/g)).toHaveLength(1);
    expect(mail.html).toContain('<title>Salone &lt;Aurora&gt;</title>');
    expect(mail.html).not.toContain('booking e-mail body');
    expect(mail.html).not.toContain('Giulia & Co');
    expect(mail.html.trimEnd().endsWith('</html>')).toBe(true);
    expect(mail.text).not.toContain('&lt;');
    expect(mail.subject).not.toMatch(/\{\{|\}\}/);
    expect(mail.html + mail.text).not.toContain('booking details');
  });

  const render = (kind: NotificationKind, salonAddress = payload.salon_address) =>
    renderTemplatedMail({
      from: { Name: 'Passaparola', Address: 'no-reply@passaparola.local' },
      to: 'giulia@example.com',
      templates: notificationTemplates(kind),
      data: notificationData(
        kind,
        [{ ...payload, salon_address: salonAddress }],
        'https://prenota.example.com',
      ),
    });

  it.each(['confirmation', 'reminder', 'change_proposed'] as const)(
    'gives the customer the details once, with the salon’s address and phone (%s)',
    (kind) => {
      const mail = render(kind);
      expect(mail.text).toContain(
        'Trattamento: Piega\nData: 10-12-2026\nOra: 10:30\nOperatore: Anna\nIndirizzo: Via Roma 1, Torino\nTelefono del salone: 011 123456\n\n',
      );
      expect(mail.text).not.toContain('Cliente:');
      expect(mail.html.match(/>Trattamento</g)).toHaveLength(1);
      expect(mail.html).toContain('>Via Roma 1, Torino<');
      expect(mail.html).toContain('>Telefono del salone<');
      expect(render(kind, '').text).toContain('Operatore: Anna\nTelefono del salone: 011 123456\n\n');
      expect(render(kind, '').html).not.toContain('>Indirizzo<');
    },
  );

  it('lists every date of a series the salon booked in its one confirmation', () => {
    const series = [
      { date: '10-12-2026', time: '10:30', operator: 'Anna' },
      { date: '07-01-2027', time: '10:30', operator: 'Bea' },
    ];
    const mail = renderTemplatedMail({
      from: { Name: 'Passaparola', Address: 'no-reply@passaparola.local' },
      to: 'giulia@example.com',
      templates: notificationTemplates('confirmation'),
      data: notificationData('confirmation', [{ ...payload, series }], 'https://prenota.example.com'),
    });
    expect(mail.text).toContain(
      'Le date della serie:\n- 10-12-2026 alle 10:30 con Anna\n- 07-01-2027 alle 10:30 con Bea\n',
    );
    expect(mail.html).toContain('<li>07-01-2027 alle 10:30 con Bea</li>');
    expect(render('confirmation').text).not.toContain('Le date della serie');
  });

  it('gives the salon the customer’s name in the details, not its own address and phone', () => {
    const mail = render('new_request');
    expect(mail.text).toContain(
      'Cliente: Giulia & Co\nTrattamento: Piega\nData: 10-12-2026\nOra: 10:30\nOperatore: Anna\n\nConfermala',
    );
    expect(mail.html).toContain('>Giulia &amp; Co<');
    expect(mail.html + mail.text).not.toContain('Telefono del salone');
    expect(mail.html + mail.text).not.toContain('Indirizzo');
  });
});

describe('the salon’s new requests in one e-mail', () => {
  it('lists every request with its customer, and names how many in the subject', () => {
    const mail = renderTemplatedMail({
      from: { Name: 'Passaparola', Address: 'no-reply@passaparola.local' },
      to: 'salone@example.com',
      templates: notificationTemplates('new_request'),
      data: notificationData(
        'new_request',
        [payload, { ...payload, client_name: 'Marta Neri', time: '11:30' }],
        'https://prenota.example.com',
      ),
    });
    expect(mail.subject).toBe('2 nuove richieste di prenotazione');
    expect(mail.text).toContain('hai 2 nuove richieste di appuntamento:');
    expect(mail.text).toContain('Cliente: Giulia & Co\nTrattamento: Piega\nData: 10-12-2026\nOra: 10:30\n');
    expect(mail.text).toContain('Cliente: Marta Neri\nTrattamento: Piega\nData: 10-12-2026\nOra: 11:30\n');
    expect(mail.text).toContain('Confermale, modificale o rifiutale');
    expect(mail.html.match(/>Cliente</g)).toHaveLength(2);
    expect(mail.html).toContain('Nuove richieste di prenotazione');
  });
});
