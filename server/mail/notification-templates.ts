import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TemplateData } from './go-template.ts';
import { readBodyTemplates, type MailTemplates } from './templated-mail.ts';

const templatesFolder = fileURLToPath(new URL('../../supabase/templates/', import.meta.url));

export type NotificationKind =
  | 'new_request'
  | 'confirmation'
  | 'change_proposed'
  | 'rejection'
  | 'cancellation'
  | 'reminder'
  | 'expiry'
  | 'address_confirmation'
  | 'waitlist_slot';

/** Each e-mail's subject; its body is supabase/templates/booking_<kind>.html with a .txt beside it. */
const subjects: Record<NotificationKind, string> = {
  new_request:
    '{{ if .Several }}{{ .Count }} nuove richieste di prenotazione{{ else }}' +
    'Nuova richiesta di prenotazione: {{ .ClientName }}, {{ .Date }} alle {{ .Time }}{{ end }}',
  confirmation: 'Appuntamento confermato: {{ .Treatment }} il {{ .Date }} alle {{ .Time }}',
  change_proposed: '{{ .SalonName }} propone un nuovo orario: {{ .Date }} alle {{ .Time }}',
  rejection: 'Richiesta non accettata: {{ .Treatment }} del {{ .Date }}',
  cancellation: 'Appuntamento annullato: {{ .Treatment }} del {{ .Date }} alle {{ .Time }}',
  reminder: 'Promemoria: {{ .Treatment }} il {{ .Date }} alle {{ .Time }}',
  expiry: 'Richiesta scaduta: {{ .Treatment }} del {{ .Date }} alle {{ .Time }}',
  address_confirmation: 'Conferma la tua e-mail per {{ .SalonName }}',
  waitlist_slot: 'Si è liberato un posto: {{ .Treatment }} il {{ .Date }} alle {{ .Time }}',
};

/** Kinds that announce a confirmed appointment and so carry its .ics. */
export const withCalendarEntry: ReadonlySet<NotificationKind> = new Set(['confirmation', 'reminder']);

/** The outbox payload (app_private.reservation_notice) as template fields. */
export interface NotificationPayload {
  salon_name: string;
  salon_phone: string;
  salon_address: string;
  client_name: string;
  treatment: string;
  operator: string;
  date: string;
  time: string;
  notes: string;
  previous_date?: string;
  previous_time?: string;
  cancelled_by_salon?: boolean;
  expired_proposal?: boolean;
  /** address_confirmation: the SPA's path that confirms the address (app_private.send_address_confirmation). */
  confirmation_path?: string;
  /** confirmation of a series the salon booked (api.book_series): every date of it. */
  series?: { date: string; time: string; operator: string }[];
}

const cache = new Map<NotificationKind, MailTemplates>();

/** Where each booking e-mail's HTML body goes in supabase/templates/booking_layout.html. */
const bodyMarker = '<!-- booking e-mail body -->';
/** Where a body shows the appointment's details: supabase/templates/booking_details.html / .txt. */
const detailsMarker = '{{/* booking details */}}';

/** Kinds that go to the salon (the details name the customer) rather than to the customer. */
const toSalon: ReadonlySet<NotificationKind> = new Set(['new_request']);

function withDetails(body: string, details: string): string {
  return body.replace(detailsMarker, () => details.trimEnd());
}

/**
 * The subject and the bodies of a notification: supabase/templates/booking_<kind>.txt, and
 * booking_<kind>.html inside the one layout all booking e-mails share.
 */
export function notificationTemplates(kind: NotificationKind): MailTemplates {
  let templates = cache.get(kind);
  if (templates === undefined) {
    const file = `${templatesFolder}booking_${kind}.html`;
    const { html, text } = readBodyTemplates(file);
    if (html === undefined || text === undefined)
      throw new Error(`Missing e-mail template ${file} or its .txt`);
    const layout = readFileSync(`${templatesFolder}booking_layout.html`, 'utf8');
    if (!layout.includes(bodyMarker)) throw new Error(`booking_layout.html has no ${bodyMarker}`);
    const details = readBodyTemplates(`${templatesFolder}booking_details.html`);
    templates = {
      subject: subjects[kind],
      html: layout.replace(bodyMarker, () => withDetails(html, details.html ?? '').trimEnd()),
      text: withDetails(text, details.text ?? ''),
    };
    cache.set(kind, templates);
  }
  return templates;
}

/** One outbox payload as the template fields of its details. */
function payloadData(kind: NotificationKind, payload: NotificationPayload, siteUrl: string): TemplateData {
  const site = siteUrl.replace(/\/+$/, '');
  return {
    ForSalon: toSalon.has(kind),
    SiteURL: site,
    ConfirmationURL: payload.confirmation_path ? site + payload.confirmation_path : '',
    SalonName: payload.salon_name,
    SalonPhone: payload.salon_phone,
    SalonAddress: payload.salon_address,
    ClientName: payload.client_name,
    Treatment: payload.treatment,
    Operator: payload.operator,
    Date: payload.date,
    Time: payload.time,
    Notes: payload.notes,
    PreviousDate: payload.previous_date ?? '',
    PreviousTime: payload.previous_time ?? '',
    CancelledBySalon: payload.cancelled_by_salon ?? false,
    ExpiredProposal: payload.expired_proposal ?? false,
    Series: (payload.series ?? []).map((one) => ({ Date: one.date, Time: one.time, Operator: one.operator })),
  };
}

/**
 * The outbox payloads of one e-mail as the templates' fields: the first one's, and all of them in
 * .Requests (several only when a salon's new requests go together).
 */
export function notificationData(
  kind: NotificationKind,
  payloads: readonly [NotificationPayload, ...NotificationPayload[]],
  siteUrl: string,
): TemplateData {
  const requests = payloads.map((payload) => payloadData(kind, payload, siteUrl));
  return { ...requests[0], Requests: requests, Count: requests.length, Several: requests.length > 1 };
}
