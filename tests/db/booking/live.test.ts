import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../../support/personas.ts';
import { Inbox, subscribed } from '../../support/realtime.ts';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  addDays,
  createAdmin,
  expectOk,
  openSalon,
  romeToday,
  type Answer,
  type Salon,
} from '../../support/fixtures.ts';

type ReservationTableRow = { id: string; status: string; notes: string; client_id: string };
type Change = RealtimePostgresChangesPayload<ReservationTableRow>;

describe('booking: reservations change live for their merchant and client only', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Diretta');
    other = await openSalon(server, admin, 'Salone Lontano');
  });

  async function watch(persona: Persona, label: string) {
    const inbox = new Inbox<Change>();
    const client = server.client();
    await client.realtime.setAuth(persona.token);
    const channel = client
      .channel(`reservations-${label}`)
      .on<ReservationTableRow>(
        'postgres_changes',
        { event: '*', schema: 'app', table: 'reservations' },
        inbox.push,
      );
    await subscribed(channel);
    return inbox;
  }

  it('delivers a new booking to the merchant and its confirmation to the client, nothing to others', async () => {
    const merchantInbox = await watch(salon.owner, 'merchant');
    const clientInbox = await watch(salon.client, 'client');
    const otherMerchant = await watch(other.owner, 'other-merchant');
    const otherClient = await watch(other.client, 'other-client');

    const booked = expectOk<Answer>(
      await salon.client.client.rpc('book_reservation', {
        merchant_slug: salon.merchant.slug,
        treatment_id: salon.piega,
        operator_id: salon.anna,
        date: addDays(await romeToday(server), 1),
        time: '10:00',
      }),
    );
    const inserted = await merchantInbox.next('new reservation at the merchant');
    expect(inserted.eventType).toBe('INSERT');
    expect((inserted.new as ReservationTableRow).id).toBe(booked.id);
    expect((await clientInbox.next('own insert')).eventType).toBe('INSERT');

    expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: booked.id }));
    const update = await clientInbox.next('status change at the client');
    expect(update.eventType).toBe('UPDATE');
    expect(update.new as ReservationTableRow).toMatchObject({
      id: booked.id,
      status: 'confermata',
      notes: '',
    });
    expect((await merchantInbox.next('status change at the merchant')).eventType).toBe('UPDATE');

    expect(otherMerchant.pending).toBe(0);
    expect(otherClient.pending).toBe(0);
  });
});
