import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  createAdmin,
  expectOk,
  expectRefused,
  openSalon,
  type Answer,
  type Salon,
} from '../../support/fixtures.ts';

interface OperatorRow {
  id: string;
  name: string;
  image_path: string | null;
  image_url: string | null;
  created_at: string;
}
interface TreatmentRow {
  id: string;
  name: string;
  description: string;
  duration_minutes: number;
  price: number;
  for_all_operators: boolean;
  operator_ids: string[];
}
interface BookableRow {
  id: string;
  name: string;
  price: number;
  duration_minutes: number;
  operators: { id: string; name: string; image_url: string | null }[];
}

describe('booking: operators, treatments and operator photos', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Catalogo');
    other = await openSalon(server, admin, 'Salone Vicino');
  });

  const merchant = (fn: string, args: Record<string, unknown> = {}) => salon.owner.client.rpc(fn, args);

  it('registers, renames and deletes operators with the spec messages', async () => {
    expectRefused(
      await merchant('add_operator', { name: ' ', image_path: `${salon.merchant.id}/x.png` }),
      "Il nome dell'operatore è obbligatorio",
    );
    expectRefused(
      await merchant('add_operator', { name: 'Carla', image_path: null }),
      "L'immagine dell'operatore è obbligatoria",
    );
    for (const path of [`${other.merchant.id}/carla.png`, 'carla.png', `${salon.merchant.id}/`]) {
      expectRefused(
        await merchant('add_operator', { name: 'Carla', image_path: path }),
        'Immagine non valida',
      );
    }
    const added = expectOk<Answer>(
      await merchant('add_operator', { name: ' Carla ', image_path: `${salon.merchant.id}/carla.webp` }),
    );
    expect(added.message).toBe('Operatore registrato con successo!');
    let list = expectOk<OperatorRow[]>(await merchant('list_operators'));
    expect(list.map((row) => row.name)).toEqual(['Anna', 'Bea', 'Carla']);
    expect(list[2]).toMatchObject({
      id: added.id,
      image_url: `${salon.merchant.id}/carla.webp`,
    });

    expectRefused(
      await merchant('update_operator', { operator_id: added.id, name: '' }),
      "Il nome dell'operatore è obbligatorio",
    );
    // No new photo: the old one stays.
    expect(
      expectOk<Answer>(await merchant('update_operator', { operator_id: added.id, name: 'Carlotta' }))
        .message,
    ).toBe('Operatore aggiornato con successo!');
    expectOk(
      await merchant('update_operator', {
        operator_id: added.id,
        name: 'Carlotta',
        image_path: `${salon.merchant.id}/carlotta.png`,
      }),
    );
    list = expectOk<OperatorRow[]>(await merchant('list_operators'));
    expect(list[2]).toMatchObject({ name: 'Carlotta', image_path: `${salon.merchant.id}/carlotta.png` });
    expectRefused(
      await merchant('update_operator', { operator_id: other.anna, name: 'Presa' }),
      'Operatore non trovato',
    );
    expectRefused(await merchant('delete_operator', { operator_id: other.anna }), 'Operatore non trovato');
    expect(expectOk<Answer>(await merchant('delete_operator', { operator_id: added.id })).message).toBe(
      'Operatore eliminato',
    );
    expect(expectOk<OperatorRow[]>(await merchant('list_operators'))).toHaveLength(2);
    expect(expectOk<OperatorRow[]>(await other.owner.client.rpc('list_operators'))[0]!.name).toBe('Anna');
  });

  it('registers treatments for all operators or chosen ones, and deletes them', async () => {
    const form = { name: 'Manicure', description: 'Mani curate', duration_minutes: 45, price: 20 };
    const incomplete = 'Compila tutti i campi del form';
    for (const missing of [
      { name: '' },
      { description: ' ' },
      { duration_minutes: null },
      { price: null },
      { operator_ids: [] },
    ]) {
      expectRefused(await merchant('add_treatment', { ...form, ...missing }), incomplete);
    }
    expectRefused(
      await merchant('add_treatment', { ...form, duration_minutes: 0 }),
      'La durata deve essere compresa tra 5 e 600 minuti',
    );
    expectRefused(
      await merchant('add_treatment', { ...form, price: -1 }),
      'Il prezzo deve essere compreso tra € 0,00 e € 10.000,00',
    );
    expectRefused(
      await merchant('add_treatment', { ...form, operator_ids: [salon.anna, other.anna] }),
      'Operatore non trovato',
    );
    const chosen = expectOk<Answer>(
      await merchant('add_treatment', { ...form, price: 19.999, operator_ids: [salon.bea, salon.bea] }),
    );
    expect(chosen.message).toBe('Trattamento registrato!');
    const list = expectOk<TreatmentRow[]>(await merchant('list_treatments'));
    expect(list.map((row) => row.name)).toEqual(['Piega', 'Ciglia', 'Manicure']);
    expect(list[0]).toMatchObject({ for_all_operators: true, operator_ids: [], duration_minutes: 60 });
    expect(list[1]).toMatchObject({ for_all_operators: false, operator_ids: [salon.anna] });
    expect(list[2]).toMatchObject({ id: chosen.id, for_all_operators: false, operator_ids: [salon.bea] });
    expect(Number(list[2]!.price)).toBe(20);
    expect(Number(list[1]!.price)).toBe(40.5);

    expectRefused(
      await merchant('delete_treatment', { treatment_id: other.piega }),
      'Trattamento non trovato',
    );
    expect(expectOk<Answer>(await merchant('delete_treatment', { treatment_id: chosen.id })).message).toBe(
      'Trattamento eliminato',
    );
    expect(expectOk<TreatmentRow[]>(await merchant('list_treatments'))).toHaveLength(2);
  });

  it('shows a client the bookable treatments with who performs each', async () => {
    const bookable = expectOk<BookableRow[]>(
      await salon.client.client.rpc('bookable_treatments', { merchant_slug: salon.merchant.slug }),
    );
    expect(bookable.map((row) => row.name)).toEqual(['Ciglia', 'Piega']);
    expect(bookable[0]!.operators).toEqual([
      {
        id: salon.anna,
        name: 'Anna',
        image_url: `${salon.merchant.id}/anna.png`,
      },
    ]);
    expect(bookable[1]!.operators.map((operator) => operator.name)).toEqual(['Anna', 'Bea']);
    expect(bookable[1]).toMatchObject({ duration_minutes: 60 });
    expect(Number(bookable[1]!.price)).toBe(25);
  });

  it('keeps a reservation readable after its treatment and operator are deleted', async () => {
    const { data: booked } = await other.client.client.rpc('book_reservation', {
      merchant_slug: other.merchant.slug,
      treatment_id: other.ciglia,
      operator_id: other.anna,
      date: (await other.client.client.rpc('booking_dates', { merchant_slug: other.merchant.slug })).data[2],
      time: '10:00',
    });
    expectOk(await other.owner.client.rpc('delete_treatment', { treatment_id: other.ciglia }));
    expectOk(await other.owner.client.rpc('delete_operator', { operator_id: other.anna }));
    const rows = expectOk<
      { id: string; treatment_id: string | null; treatment_name: string; operator_name: string }[]
    >(await other.client.client.rpc('client_reservations', { merchant_slug: other.merchant.slug }));
    expect(rows).toEqual([
      expect.objectContaining({
        id: (booked as Answer).id,
        treatment_id: null,
        treatment_name: 'Ciglia',
        operator_name: 'Nessuna preferenza',
      }),
    ]);
  });

  it('stores operator photos in the merchant’s own folder of the public bucket operatori', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c08' } })
      .png()
      .toBuffer();
    const bucket = (persona: Salon['owner']) => persona.client.storage.from('operatori');
    const own = `${salon.merchant.id}/anna.png`;
    expect((await bucket(salon.owner).upload(own, png, { contentType: 'image/png' })).error).toBeNull();
    expect(
      (await bucket(salon.owner).upload(own, png, { contentType: 'image/png', upsert: true })).error,
    ).toBeNull();
    // Another merchant's folder, the bucket root, a client and anon are refused.
    expect(
      (await bucket(salon.owner).upload(`${other.merchant.id}/x.png`, png, { contentType: 'image/png' }))
        .error,
    ).not.toBeNull();
    expect(
      (await bucket(salon.owner).upload('x.png', png, { contentType: 'image/png' })).error,
    ).not.toBeNull();
    expect(
      (await bucket(salon.client).upload(`${salon.merchant.id}/c.png`, png, { contentType: 'image/png' }))
        .error,
    ).not.toBeNull();
    expect(
      (
        await server
          .client()
          .storage.from('operatori')
          .upload(`${salon.merchant.id}/a.png`, png, { contentType: 'image/png' })
      ).error,
    ).not.toBeNull();
    // Not an image.
    expect(
      (
        await bucket(salon.owner).upload(`${salon.merchant.id}/nota.txt`, 'testo', {
          contentType: 'text/plain',
        })
      ).error,
    ).not.toBeNull();
    // Anyone reads it at the public URL of the object path list_operators gives.
    const [anna] = expectOk<OperatorRow[]>(await merchant('list_operators'));
    expect(anna!.image_url).toBe(own);
    const photoUrl = server.client().storage.from('operatori').getPublicUrl(anna!.image_url!).data.publicUrl;
    const response = await fetch(photoUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    // Only the owner deletes it.
    expect((await bucket(other.owner).remove([own])).data).toEqual([]);
    expect((await fetch(photoUrl)).status).toBe(200);
    expect((await bucket(salon.owner).remove([own])).data).toHaveLength(1);
    expect((await fetch(photoUrl)).status).not.toBe(200);
  });
});
