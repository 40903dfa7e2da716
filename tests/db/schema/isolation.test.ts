import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createMerchant,
  joinAsClient,
  type CreatedMerchant,
  type JoinedClient,
  type Persona,
} from '../../support/personas.ts';
import type { TestClient } from '../../support/test-server.ts';
import { useTestServer } from '../../support/use-test-server.ts';

type PersonaName = 'anonymous' | 'clientM1' | 'clientM2' | 'merchantM1' | 'merchantM2' | 'admin';
const everyone: PersonaName[] = ['anonymous', 'clientM1', 'clientM2', 'merchantM1', 'merchantM2', 'admin'];
/** 'ok' = answered 200; 'denied' = 401 for anonymous, 403 otherwise; any other string = that 400 message. */
type Outcome = 'ok' | 'denied' | string;
const nobody = '00000000-0000-0000-0000-000000000000';

describe('tenant isolation over every api function', () => {
  const server = useTestServer();
  let m1: CreatedMerchant;
  let m2: CreatedMerchant;
  let c1: JoinedClient;
  let c2: JoinedClient;
  const clients = {} as Record<PersonaName, TestClient>;
  let phoneCounter = 0;
  let operatorM1: string;
  let treatmentM1: string;

  beforeAll(async () => {
    const admin: Persona = await createAdmin(server);
    const first = await createMerchant(server, admin, 'Primo Salone');
    const second = await createMerchant(server, admin, 'Secondo Salone');
    m1 = first.merchant;
    m2 = second.merchant;
    const joined1 = await joinAsClient(server, m1.slug, { name: 'Cliente Uno' });
    const joined2 = await joinAsClient(server, m2.slug, { name: 'Cliente Due' });
    c1 = joined1.joined;
    c2 = joined2.joined;
    // A referral of each client, so that trees and statistics have something to leak.
    await joinAsClient(server, m1.slug, { name: 'Figlia Uno', sponsorCode: c1.client_code });
    await joinAsClient(server, m2.slug, { name: 'Figlia Due', sponsorCode: c2.client_code });
    await first.persona.client.rpc('register_purchase', {
      client_code: c1.client_code,
      spend: 50,
      discount: 0,
    });
    await second.persona.client.rpc('register_purchase', {
      client_code: c2.client_code,
      spend: 70,
      discount: 0,
    });
    // An operator and a treatment of the first salon, for the functions that take their ids.
    const operator = await first.persona.client.rpc('add_operator', {
      name: 'Anna',
      image_path: `${m1.id}/anna.png`,
    });
    expect(operator.error).toBeNull();
    operatorM1 = (operator.data as { id: string }).id;
    const treatment = await first.persona.client.rpc('add_treatment', {
      name: 'Piega',
      description: 'Piega classica',
      duration_minutes: 30,
      price: 20,
    });
    expect(treatment.error).toBeNull();
    treatmentM1 = (treatment.data as { id: string }).id;
    clients.anonymous = server.client();
    clients.clientM1 = joined1.persona.client;
    clients.clientM2 = joined2.persona.client;
    clients.merchantM1 = first.persona.client;
    clients.merchantM2 = second.persona.client;
    clients.admin = admin.client;
  });

  const only = (allowed: PersonaName[], otherwise: Outcome = 'denied') =>
    Object.fromEntries(everyone.map((name) => [name, allowed.includes(name) ? 'ok' : otherwise])) as Record<
      PersonaName,
      Outcome
    >;

  /** Everyone else is refused before validation; these roles get the function's own 400 message. */
  const merchantsSay = (message: string) => () => ({ ...only([]), merchantM1: message, merchantM2: message });
  const clientsSay = (message: string) => () => ({ ...only([]), clientM1: message, clientM2: message });

  const matrix: [
    fn: string,
    args: () => Record<string, unknown>,
    expected: () => Record<PersonaName, Outcome>,
  ][] = [
    ['whoami', () => ({}), () => only(everyone)],
    ['merchant_public', () => ({ merchant_slug: m1.slug }), () => only(everyone)],
    ['salon_public_page', () => ({ merchant_slug: m1.slug }), () => only(everyone)],
    ['find_salons', () => ({ query: 'salone' }), () => only(everyone)],
    ['admin_list_merchants', () => ({}), () => only(['admin'])],
    ['admin_campaign_summaries', () => ({}), () => only(['admin'])],
    ['admin_client_tree', () => ({ merchant_slug: m1.slug }), () => only(['admin'])],
    ['admin_client_tree_columns', () => ({ merchant_slug: m1.slug }), () => only(['admin'])],
    ['admin_client_tree_compact', () => ({ merchant_slug: m1.slug }), () => only(['admin'])],
    [
      'admin_create_merchant',
      () => ({
        name: `Nuovo ${Math.random()}`,
        phone: '1',
        email: `n${Math.random()}@example.test`,
        password: 'x',
      }),
      // Everyone but the admin is refused before validation; the admin reaches it.
      () => ({ ...only([]), admin: 'La password deve contenere almeno 6 caratteri' }),
    ],
    ['merchant_profile', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['merchant_clients', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['merchant_movements', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['merchant_statistics', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['merchant_client_statistics', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['merchant_client_tree', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['merchant_client_tree_columns', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['merchant_client_tree_compact', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['merchant_referral_signals', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['get_percentages', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    [
      'set_percentages',
      () => ({ personal: 5, sponsor1: 3, sponsor2: 2, sponsor3: 1 }),
      () => only(['merchantM1', 'merchantM2']),
    ],
    [
      'register_purchase',
      () => ({ client_code: c1.client_code, spend: 1, discount: 0 }),
      () => ({ ...only(['merchantM1']), merchantM2: 'Cliente non trovato' }),
    ],
    // Reversals (a real purchase of another salon is refused in loyalty/reverse-purchase.test.ts).
    [
      'reverse_purchase',
      () => ({ movement_id: nobody, reason: 'Errore' }),
      merchantsSay('Acquisto non trovato'),
    ],
    ['get_reversal_window', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['set_reversal_window', () => ({ days: 30 }), () => only(['merchantM1', 'merchantM2'])],
    ['referral_credit_cap', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['set_referral_credit_cap', () => ({ cap: null }), () => only(['merchantM1', 'merchantM2'])],
    ['first_visit_reward', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['set_first_visit_reward', () => ({ amount: null }), () => only(['merchantM1', 'merchantM2'])],
    ['client_profile', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    [
      'update_client_phone',
      () => ({ merchant_slug: m1.slug, phone: `333${(phoneCounter += 1)}` }),
      () => only(['clientM1']),
    ],
    ['client_purchases', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    ['client_credit', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    ['client_tree', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    // Booking (the tenant boundaries on real rows are in booking/isolation.test.ts).
    ['list_operators', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['list_treatments', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['merchant_reservations', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['merchant_agenda', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    [
      'add_operator',
      () => ({ name: '', image_path: null }),
      merchantsSay("Il nome dell'operatore è obbligatorio"),
    ],
    ['update_operator', () => ({ operator_id: nobody, name: 'X' }), merchantsSay('Operatore non trovato')],
    ['delete_operator', () => ({ operator_id: nobody }), merchantsSay('Operatore non trovato')],
    [
      'add_treatment',
      () => ({ name: '', description: '', duration_minutes: null, price: null }),
      merchantsSay('Compila tutti i campi del form'),
    ],
    ['delete_treatment', () => ({ treatment_id: nobody }), merchantsSay('Trattamento non trovato')],
    ['list_resources', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['add_resource', () => ({ name: '' }), merchantsSay('Il nome della risorsa è obbligatorio')],
    ['update_resource', () => ({ resource_id: nobody, name: 'X' }), merchantsSay('Risorsa non trovata')],
    ['delete_resource', () => ({ resource_id: nobody }), merchantsSay('Risorsa non trovata')],
    [
      'set_treatment_resources',
      () => ({ treatment_id: treatmentM1, resource_ids: [nobody] }),
      () => ({ ...only([]), merchantM1: 'Risorsa non trovata', merchantM2: 'Trattamento non trovato' }),
    ],
    [
      'update_treatment',
      () => ({
        treatment_id: treatmentM1,
        name: 'Piega',
        description: 'Piega classica',
        duration_minutes: 30,
        price: 20,
      }),
      () => ({ ...only(['merchantM1']), merchantM2: 'Trattamento non trovato' }),
    ],
    [
      'operator_deletion_impact',
      () => ({ operator_id: operatorM1 }),
      () => ({ ...only(['merchantM1']), merchantM2: 'Operatore non trovato' }),
    ],
    ['confirm_reservation', () => ({ reservation_id: nobody }), merchantsSay('Prenotazione non trovata')],
    [
      'modify_reservation',
      () => ({ reservation_id: nobody, date: null, time: null, note: null }),
      merchantsSay('Compila data, ora e nota di modifica'),
    ],
    [
      'reject_reservation',
      () => ({ reservation_id: nobody, reason: null }),
      merchantsSay('Inserisci la motivazione del rifiuto'),
    ],
    ['bookable_treatments', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    ['booking_dates', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    // The booking form of the salon's clients and the modify dialog of the salon itself.
    [
      'free_times',
      () => ({ merchant_slug: m1.slug, treatment_id: treatmentM1, date: '2030-01-01' }),
      () => only(['clientM1', 'merchantM1']),
    ],
    [
      'book_reservation',
      () => ({ merchant_slug: m1.slug }),
      () => ({ ...only([]), clientM1: 'Seleziona trattamento, data e orario' }),
    ],
    ['client_reservations', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    ['client_next_appointment', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    // Prenota's steps: closed days, free times by part of the day, reservations upcoming and past.
    ['booking_days', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    [
      'free_time_periods',
      () => ({ merchant_slug: m1.slug, treatment_id: treatmentM1, date: '2030-01-01' }),
      () => only(['clientM1', 'merchantM1']),
    ],
    ['client_reservation_sections', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    // 'Prenota di nuovo': the first day with a free time.
    [
      'first_free_day',
      () => ({ merchant_slug: m1.slug, treatment_id: treatmentM1 }),
      () => only(['clientM1', 'merchantM1']),
    ],
    // A visit of several treatments: its free times (the salon's clients and the salon), booking it.
    [
      'visit_free_times',
      () => ({ merchant_slug: m1.slug, parts: [], date: '2030-01-01' }),
      () => ({
        ...only([]),
        clientM1: 'Una visita comprende da 2 a 4 trattamenti',
        merchantM1: 'Una visita comprende da 2 a 4 trattamenti',
      }),
    ],
    [
      'book_visit',
      () => ({ merchant_slug: m1.slug }),
      () => ({ ...only([]), clientM1: 'Seleziona trattamento, data e orario' }),
    ],
    // The waitlist: the salon's clients join and leave it, the salon reads its day.
    [
      'join_waitlist',
      () => ({ merchant_slug: m1.slug }),
      () => ({ ...only([]), clientM1: 'Seleziona un trattamento' }),
    ],
    ['leave_waitlist', () => ({ entry_id: nobody }), clientsSay("Non sei in questa lista d'attesa")],
    ['my_waitlist', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    ['merchant_waitlist', () => ({ day: '2030-01-01' }), () => only(['merchantM1', 'merchantM2'])],
    ['salon_whatsapp', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    ['accept_reservation_change', () => ({ reservation_id: nobody }), clientsSay('Prenotazione non trovata')],
    [
      'decline_reservation_change',
      () => ({ reservation_id: nobody }),
      clientsSay('Prenotazione non trovata'),
    ],
    ['delete_reservation', () => ({ reservation_id: nobody }), clientsSay('Prenotazione non trovata')],
    ['cancel_reservation', () => ({ reservation_id: nobody }), clientsSay('Prenotazione non trovata')],
    [
      'move_reservation',
      () => ({ reservation_id: nobody, date: '2030-01-01', time: '10:00' }),
      clientsSay('Prenotazione non trovata'),
    ],
    [
      'merchant_cancel_reservation',
      () => ({ reservation_id: nobody, reason: 'Imprevisto' }),
      merchantsSay('Prenotazione non trovata'),
    ],
    [
      'plan_series',
      () => ({
        client_id: c1.client_id,
        treatment_id: treatmentM1,
        operator_id: null,
        first_date: '2030-01-07',
        first_time: '10:00',
        every_weeks: 4,
        count: 2,
      }),
      () => ({ ...only(['merchantM1']), merchantM2: 'Cliente non trovato' }),
    ],
    [
      'bookable_client',
      () => ({ client_id: c1.client_id }),
      () => ({ ...only(['merchantM1']), merchantM2: 'Cliente non trovato' }),
    ],
    [
      'book_for_client',
      () => ({ client_id: c1.client_id, parts: [], date: null, time: null }),
      () => ({
        ...only([]),
        merchantM1: 'Seleziona trattamento, data e orario',
        merchantM2: 'Cliente non trovato',
      }),
    ],
    [
      'book_series',
      () => ({ client_id: c1.client_id, treatment_id: treatmentM1, operator_id: null, starts: [] }),
      () => ({
        ...only([]),
        merchantM1: 'Una serie ha da 1 a 12 appuntamenti',
        merchantM2: 'Cliente non trovato',
      }),
    ],
    [
      'cancel_series',
      () => ({ reservation_id: nobody, reason: 'Imprevisto' }),
      merchantsSay('Prenotazione non trovata'),
    ],
    [
      'reservation_free_operators',
      () => ({ reservation_id: nobody }),
      merchantsSay('Prenotazione non trovata'),
    ],
    ['reservation_whatsapp', () => ({ reservation_id: nobody }), merchantsSay('Prenotazione non trovata')],
    ['merchant_reservations_page', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['merchant_pending_count', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['booking_settings', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['set_cancellation_notice', () => ({ hours: 24 }), () => only(['merchantM1', 'merchantM2'])],
    ['set_max_open_requests', () => ({ requests: 3 }), () => only(['merchantM1', 'merchantM2'])],
    ['set_moves_confirmed_at_once', () => ({ enabled: false }), () => only(['merchantM1', 'merchantM2'])],
    [
      'mark_visit',
      () => ({ reservation_id: nobody, outcome: 'completata' }),
      merchantsSay('Prenotazione non trovata'),
    ],
    ['merchant_visits_to_close', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['receipt_settings', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    [
      'adjust_credit',
      () => ({ client_code: 'ZZ99999', amount: 5, reason: 'Omaggio' }),
      merchantsSay('Cliente non trovato'),
    ],
    ['set_receipt_number_required', () => ({ required: false }), () => only(['merchantM1', 'merchantM2'])],
    [
      'merchant_daily_summary',
      () => ({ date_from: '2026-01-01', date_to: '2026-01-31' }),
      () => only(['merchantM1', 'merchantM2']),
    ],
    ['visit_purchase_draft', () => ({ reservation_id: nobody }), merchantsSay('Prenotazione non trovata')],
    [
      'complete_visit_with_purchase',
      () => ({ reservation_id: nobody, spend: 10, discount: 0 }),
      merchantsSay('Prenotazione non trovata'),
    ],
    ['set_no_show_alert_threshold', () => ({ threshold: 2 }), () => only(['merchantM1', 'merchantM2'])],
    [
      'set_booking_emails',
      () => ({ new_request_emails: true, reminder_emails: true }),
      () => only(['merchantM1', 'merchantM2']),
    ],
    ['set_salon_address', () => ({ address: 'Via Roma 1' }), () => only(['merchantM1', 'merchantM2'])],
    // The calendar entry: the reservation's customer or salon; a stranger's id is not found.
    [
      'reservation_ics',
      () => ({ reservation_id: nobody }),
      () => ({
        ...clientsSay('Prenotazione non trovata')(),
        merchantM1: 'Prenotazione non trovata',
        merchantM2: 'Prenotazione non trovata',
      }),
    ],
    // The salon calendar: each merchant reads and writes only its own.
    ['booking_calendar', () => ({}), () => only(['merchantM1', 'merchantM2'])],
    ['merchant_calendar', () => ({ day_count: 1 }), () => only(['merchantM1', 'merchantM2'])],
    ['add_salon_closure', () => ({ from_day: null }), merchantsSay('Indica il giorno di chiusura')],
    ['set_opening_hours', () => ({ hours: [] }), () => only(['merchantM1', 'merchantM2'])],
    ['remove_salon_closure', () => ({ from_day: '2030-01-01' }), merchantsSay('Chiusura non trovata')],
    [
      'set_salon_closure',
      () => ({ day: '2030-01-01', closed: false }),
      () => only(['merchantM1', 'merchantM2']),
    ],
    [
      'add_operator_absence',
      () => ({ operator_id: operatorM1, from_day: '2030-01-01', to_day: '2030-01-02' }),
      () => ({ ...only(['merchantM1']), merchantM2: 'Operatore non trovato' }),
    ],
    [
      'set_operator_hours',
      () => ({ operator_id: operatorM1, hours: [] }),
      () => ({ ...only(['merchantM1']), merchantM2: 'Operatore non trovato' }),
    ],
    ['delete_operator_absence', () => ({ absence_id: nobody }), merchantsSay('Assenza non trovata')],
    // GDPR: consents, the data download and erasure (their rules are in privacy/gdpr.test.ts).
    ['privacy_notice', () => ({}), () => only(everyone)],
    [
      'sponsor_preview',
      () => ({ merchant_slug: m1.slug, sponsor_code: c1.client_code }),
      () => only(everyone),
    ],
    // Phones: any signed-in person saves or deletes her own; the channels are a client's choice per salon.
    [
      'save_push_subscription',
      () => ({ endpoint: 'http://push.example.com/1', p256dh: '', auth: '' }),
      () => ({
        ...only([]),
        ...Object.fromEntries(
          (['clientM1', 'clientM2', 'merchantM1', 'merchantM2', 'admin'] as const).map((persona) => [
            persona,
            'Indirizzo delle notifiche non valido: serve un indirizzo https',
          ]),
        ),
      }),
    ],
    [
      'delete_push_subscription',
      () => ({ endpoint: 'https://push.example.com/nessuno' }),
      () => only(['clientM1', 'clientM2', 'merchantM1', 'merchantM2', 'admin']),
    ],
    ['my_notification_channels', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    [
      'set_my_notification_channels',
      () => ({ merchant_slug: m1.slug, email: true, push: true }),
      () => only(['clientM1']),
    ],
    ['client_consents', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    // The address confirmation (its rules are in tests/db/privacy/address-confirmation.test.ts).
    ['confirm_email_address', () => ({ code: 'x' }), () => only([], 'Link non valido o scaduto')],
    [
      'claim_proven_address',
      () => ({}),
      () => only(['clientM1', 'clientM2', 'merchantM1', 'merchantM2', 'admin']),
    ],
    [
      'resend_address_confirmation',
      () => ({ merchant_slug: m1.slug }),
      () => ({ ...only([]), clientM1: 'La tua email è già confermata' }),
    ],
    ['set_marketing_consent', () => ({ merchant_slug: m1.slug, granted: true }), () => only(['clientM1'])],
    ['client_data_export', () => ({ merchant_slug: m1.slug }), () => only(['clientM1'])],
    [
      'erase_my_account',
      () => ({ merchant_slug: m1.slug, confirmation: 'no' }),
      () => ({ ...only([]), clientM1: 'Per confermare scrivi ELIMINA' }),
    ],
    [
      'admin_erase_client',
      () => ({ client_id: nobody }),
      () => ({ ...only([]), admin: 'Cliente non trovato' }),
    ],
    [
      'admin_erase_client_by_code',
      () => ({ merchant_slug: m1.slug, client_code: 'NESSUNO99' }),
      () => ({ ...only([]), admin: 'Cliente non trovato' }),
    ],
  ];

  for (const [fn, args, expected] of matrix) {
    it(`${fn}: only the roles that may call it get an answer`, async () => {
      for (const [name, outcome] of Object.entries(expected()) as [PersonaName, Outcome][]) {
        const result = await clients[name].rpc(fn, args());
        const label = `${fn} as ${name}`;
        if (outcome === 'ok') {
          expect(result.error, label).toBeNull();
          expect(result.status, label).toBe(200);
        } else if (outcome === 'denied') {
          expect(result.status, label).toBe(name === 'anonymous' ? 401 : 403);
          expect(result.error?.code, label).toBe('42501');
          expect(result.data, label).toBeNull();
        } else {
          expect(result.status, label).toBe(400);
          expect(result.error?.message, label).toBe(outcome);
        }
      }
    });
  }

  it('covers every function of schema api', async () => {
    const { rows } = await server.server.context.db.query<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'api' order by 1`,
    );
    const covered = new Set([...matrix.map(([fn]) => fn), 'join_merchant']);
    expect(rows.map((row) => row.name).filter((name) => !covered.has(name))).toEqual([]);
  });

  it('lets join_merchant be called by anyone, but never into another account', async () => {
    const anon = await clients.anonymous.rpc('join_merchant', {
      merchant_slug: m2.slug,
      privacy_accepted: true,
      name: 'Nuova Cliente',
      email: `nuova${Math.random()}@example.test`,
      password: 'password123',
    });
    expect(anon.error).toBeNull();
    const again = await clients.clientM2.rpc('join_merchant', {
      merchant_slug: m2.slug,
      privacy_accepted: true,
      name: 'X',
      email: 'x@y.it',
    });
    expect(again.error?.message).toBe('Sei già cliente di questo commerciante');
  });

  it('shows each merchant only its own clients, movements, tree and statistics', async () => {
    const codesOf = (value: unknown) => JSON.stringify(value).match(/[AB]\d{5}/g) ?? [];
    for (const [merchant, own, foreign] of [
      ['merchantM1', 'A', 'B'],
      ['merchantM2', 'B', 'A'],
    ] as const) {
      for (const fn of [
        'merchant_clients',
        'merchant_movements',
        'merchant_client_tree',
        'merchant_client_tree_compact',
        'merchant_statistics',
        'merchant_client_statistics',
      ]) {
        const { data } = await clients[merchant].rpc(fn, {});
        const codes = codesOf(data);
        expect(codes.length, `${fn} of ${merchant}`).toBeGreaterThan(0);
        expect(
          codes.filter((code) => code.startsWith(foreign)),
          `${fn} of ${merchant}`,
        ).toEqual([]);
        expect(codes.every((code) => code.startsWith(own))).toBe(true);
      }
    }
    const profile = await clients.merchantM2.rpc('merchant_profile');
    expect(profile.data).toMatchObject({ slug: m2.slug });
  });

  it('shows each client only its own memberships, purchases and tree', async () => {
    const me = await clients.clientM2.rpc('whoami');
    expect(me.data).toMatchObject({ clients: [{ code: c2.client_code, merchant_slug: m2.slug }] });
    const purchases = await clients.clientM2.rpc('client_purchases', { merchant_slug: m2.slug });
    expect((purchases.data as unknown[]).length).toBe(1);
    const tree = await clients.clientM2.rpc('client_tree', { merchant_slug: m2.slug });
    expect(tree.data).toEqual([expect.objectContaining({ display_name: 'Figlia D.', generation: 1 })]);
    const foreignTree = await clients.clientM2.rpc('client_tree', { merchant_slug: m1.slug });
    expect(foreignTree.status).toBe(403);
  });
});
