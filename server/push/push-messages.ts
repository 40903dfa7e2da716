import type { NotificationKind, NotificationPayload } from '../mail/notification-templates.ts';

/** What the service worker shows: a title, a line, and the screen a tap opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

const clientBookings = '/client/prenota';
const merchantRequests = '/dashboard/prenotazioni';

/** The notification for one outbox row: the same events as the e-mails, in a phone's few words. */
export function pushMessage(kind: NotificationKind, payload: NotificationPayload): PushMessage {
  const when = `${payload.date} alle ${payload.time}`;
  const what = `${payload.treatment}, ${when}`;
  switch (kind) {
    case 'new_request':
      return {
        title: 'Nuova richiesta di prenotazione',
        body: `${payload.client_name}: ${what}`,
        url: merchantRequests,
      };
    case 'confirmation':
      return { title: `${payload.salon_name}: prenotazione confermata`, body: what, url: clientBookings };
    case 'change_proposed':
      return { title: `${payload.salon_name}: nuovo orario proposto`, body: what, url: clientBookings };
    case 'rejection':
      return { title: `${payload.salon_name}: richiesta non accettata`, body: what, url: clientBookings };
    case 'cancellation':
      return { title: `${payload.salon_name}: prenotazione annullata`, body: what, url: clientBookings };
    case 'reminder':
      return { title: `Promemoria: domani da ${payload.salon_name}`, body: what, url: clientBookings };
    case 'expiry':
      return { title: `${payload.salon_name}: richiesta scaduta`, body: what, url: clientBookings };
    case 'waitlist_slot':
      return { title: `${payload.salon_name}: si è liberato un posto`, body: what, url: clientBookings };
    case 'address_confirmation':
      // Only ever an e-mail (the link is the point); a phone gets nothing to tap for it.
      return {
        title: `${payload.salon_name}: conferma la tua e-mail`,
        body: 'Apri il link che ti abbiamo inviato.',
        url: '/client/profile',
      };
  }
}
