import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createMerchant,
  joinAsClient,
  type CreatedMerchant,
  type JoinedClient,
  type Persona,
} from '../../support/personas.ts';
import { registerPurchase } from '../../support/purchases.ts';
import { useTestServer } from '../../support/use-test-server.ts';

interface Signal {
  kind: string;
  client_ids: string[];
  client_names: string[];
  client_codes: string[];
  evidence: number;
  explanation: string;
  total_signals: number;
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** "12 nov 2026" and "10:02" in Europe/Rome, computed by the platform's own Italian calendar. */
const romeDate = (at: Date) => {
  const parts = new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('day')} ${part('month')} ${part('year')}`;
};
const romeTime = (at: Date) =>
  new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

describe('referral fraud signals (api.merchant_referral_signals)', () => {
  const server = useTestServer();
  let admin: Persona;
  let salon: { merchant: CreatedMerchant; persona: Persona };
  let otherSalon: { merchant: CreatedMerchant; persona: Persona };
  let quietSalon: { merchant: CreatedMerchant; persona: Persona };
  let clientPersona: Persona;
  const expected: Omit<Signal, 'total_signals'>[] = [];

  const db = () => server.server.context.db;
  const join = async (
    where: { merchant: CreatedMerchant },
    name: string,
    options: { sponsor?: JoinedClient; phone?: string } = {},
  ) =>
    (
      await joinAsClient(server, where.merchant.slug, {
        name,
        sponsorCode: options.sponsor?.client_code,
        phone: options.phone,
      })
    ).joined;
  const joinedAt = (client: JoinedClient, at: Date) =>
    db().query('update app.clients set created_at = $2 where id = $1', [client.client_id, at.toISOString()]);
  const buy = async (where: { persona: Persona }, client: JoinedClient) =>
    (await registerPurchase(where.persona.client, client.client_code, 40)).movement_id;
  const boughtAt = (movementId: string, at: Date) =>
    db().query('update app.movements set created_at = $2 where id = $1', [movementId, at.toISOString()]);
  /** Referrals of one sponsor who joined `daysAgo` days ago. */
  const settledReferrals = async (
    where: { merchant: CreatedMerchant },
    sponsor: JoinedClient,
    names: string[],
    daysAgo: number,
  ) => {
    const referrals: { client: JoinedClient; joined: Date }[] = [];
    for (const [index, name] of names.entries()) {
      const client = await join(where, name, { sponsor });
      const joined = new Date(Date.now() - daysAgo * day + index * hour);
      await joinedAt(client, joined);
      referrals.push({ client, joined });
    }
    return referrals;
  };
  const signalsOf = async (persona: Persona) => {
    const result = await persona.client.rpc('merchant_referral_signals');
    expect(result.error).toBeNull();
    return result.data as Signal[];
  };
  const sponsorSignal = (
    kind: string,
    sponsor: JoinedClient,
    name: string,
    evidence: number,
    explanation: string,
  ) =>
    ({
      kind,
      client_ids: [sponsor.client_id],
      client_names: [name],
      client_codes: [sponsor.client_code],
      evidence,
      explanation,
    }) satisfies Omit<Signal, 'total_signals'>;

  beforeAll(async () => {
    admin = await createAdmin(server);
    salon = await createMerchant(server, admin, 'Salone Segnalazioni');
    otherSalon = await createMerchant(server, admin, 'Altro Salone Segnalazioni');
    quietSalon = await createMerchant(server, admin, 'Salone Tranquillo');

    // (0) One person with four addresses in a chain, joined within three hours: only the last one buys.
    const anna = await join(salon, 'Anna Catena');
    const bea = await join(salon, 'Bea Catena', { sponsor: anna });
    const carla = await join(salon, 'Carla Catena', { sponsor: bea });
    const dora = await join(salon, 'Dora Catena', { sponsor: carla });
    const chainStart = new Date(Date.now() - 5 * day);
    for (const [index, member] of [anna, bea, carla, dora].entries()) {
      await joinedAt(member, new Date(chainStart.getTime() + index * hour));
    }
    await buy(salon, dora);
    await buy(salon, dora);
    const chain = [anna, bea, carla, dora];
    const chainNames = ['Anna Catena', 'Bea Catena', 'Carla Catena', 'Dora Catena'];
    expected.push({
      kind: 'referral_chain',
      client_ids: chain.map((member) => member.client_id),
      client_names: chainNames,
      client_codes: chain.map((member) => member.client_code),
      evidence: 4,
      explanation:
        `${chain.map((member, index) => `${chainNames[index]} (${member.client_code})`).join(' → ')} ` +
        `si sono iscritti uno sotto l'altro in 3 ore (${romeDate(chainStart)}) e acquista solo l'ultimo, ` +
        `Dora Catena (${dora.client_code}): ogni suo acquisto accredita anche chi sta sopra.`,
    });

    // (1) Six referrals of one sponsor within nine minutes, three days ago.
    const marta = await join(salon, 'Marta Rossi');
    const burstStart = new Date(Math.floor((Date.now() - 3 * day) / minute) * minute);
    for (const [index, offset] of [0, 2, 3, 5, 7, 9].entries()) {
      const referral = await join(salon, `Amica ${index + 1} di Marta`, { sponsor: marta });
      await joinedAt(referral, new Date(burstStart.getTime() + offset * minute));
    }
    const burstEnd = new Date(burstStart.getTime() + 9 * minute);
    expected.push(
      sponsorSignal(
        'referral_burst',
        marta,
        'Marta Rossi',
        6,
        `Marta Rossi (${marta.client_code}) ha portato 6 iscritti in 9 minuti (${romeDate(burstStart)}, ` +
          `${romeTime(burstStart)}–${romeTime(burstEnd)}).`,
      ),
    );

    // (4) Every buying referral of Sara bought only in its first hours, long ago.
    const sara = await join(salon, 'Sara Verdi');
    for (const { client, joined } of await settledReferrals(salon, sara, ['Sa1', 'Sa2', 'Sa3'], 40)) {
      await boughtAt(await buy(salon, client), new Date(joined.getTime() + 2 * hour));
      await boughtAt(await buy(salon, client), new Date(joined.getTime() + 47 * hour));
    }
    expected.push(
      sponsorSignal(
        'referrals_buy_only_at_joining',
        sara,
        'Sara Verdi',
        3,
        `I 3 iscritti di Sara Verdi (${sara.client_code}) che hanno acquistato lo hanno fatto solo nelle ` +
          "prime 48 ore dall'iscrizione, poi mai più.",
      ),
    );

    // (2) Olga's three settled referrals never bought; four of Paola's five never did.
    const olga = await join(salon, 'Olga Neri');
    await settledReferrals(salon, olga, ['Ol1', 'Ol2', 'Ol3'], 40);
    const paola = await join(salon, 'Paola Gialli');
    const paolas = await settledReferrals(salon, paola, ['Pa1', 'Pa2', 'Pa3', 'Pa4', 'Pa5'], 35);
    await buy(salon, paolas[0]!.client);
    // Rita's referrals bought, but every purchase was reversed: they never bought.
    const rita = await join(salon, 'Rita Blu');
    for (const { client } of await settledReferrals(salon, rita, ['Ri1', 'Ri2', 'Ri3'], 31)) {
      const reversed = await salon.persona.client.rpc('reverse_purchase', {
        movement_id: await buy(salon, client),
        reason: 'Registrato per errore',
      });
      expect(reversed.error).toBeNull();
    }
    expected.push(
      sponsorSignal(
        'referrals_never_buy',
        paola,
        'Paola Gialli',
        4,
        `Paola Gialli (${paola.client_code}) ha portato 5 iscritti da più di 30 giorni: 4 non hanno mai acquistato.`,
      ),
      sponsorSignal(
        'referrals_never_buy',
        olga,
        'Olga Neri',
        3,
        `Olga Neri (${olga.client_code}) ha portato 3 iscritti da più di 30 giorni: nessuno ha mai acquistato.`,
      ),
      sponsorSignal(
        'referrals_never_buy',
        rita,
        'Rita Blu',
        3,
        `Rita Blu (${rita.client_code}) ha portato 3 iscritti da più di 30 giorni: nessuno ha mai acquistato.`,
      ),
    );

    // Not flagged: Tina's quick buyers came back later; Ugo's settled referrals mostly buy.
    const tina = await join(salon, 'Tina Rosa');
    const tinas = await settledReferrals(salon, tina, ['Ti1', 'Ti2', 'Ti3'], 40);
    for (const { client, joined } of tinas) {
      await boughtAt(await buy(salon, client), new Date(joined.getTime() + hour));
    }
    await boughtAt(await buy(salon, tinas[2]!.client), new Date(tinas[2]!.joined.getTime() + 10 * day));
    const ugo = await join(salon, 'Ugo Viola');
    const ugos = await settledReferrals(salon, ugo, ['Ug1', 'Ug2', 'Ug3', 'Ug4', 'Ug5'], 40);
    for (const { client } of ugos.slice(0, 2)) await buy(salon, client);

    // (3) One phone number written three ways; a different number; the same number in another salon.
    const phones = [
      await join(salon, 'Vera Uno', { phone: '+39 333 123 4567' }),
      await join(salon, 'Vera Due', { phone: '0039 333-1234567' }),
      await join(salon, 'Vera Tre', { phone: '(333) 123.45.67' }),
      // Full-width digits, and Arabic-Indic ones: the same number to anybody reading it.
      await join(salon, 'Vera Quattro', { phone: '３３３ １２３ ４５６７' }),
      await join(salon, 'Vera Cinque', { phone: '+39 ٣٣٣ ١٢٣ ٤٥٦٧' }),
    ];
    await join(salon, 'Zoe Sola', { phone: '333 765 4321' });
    await join(otherSalon, 'Vera Altrove', { phone: '3331234567' });
    expected.push({
      kind: 'shared_phone',
      client_ids: phones.map((client) => client.client_id),
      client_names: ['Vera Uno', 'Vera Due', 'Vera Tre', 'Vera Quattro', 'Vera Cinque'],
      client_codes: phones.map((client) => client.client_code),
      evidence: 5,
      explanation: '5 clienti hanno lo stesso numero di telefono (+393331234567).',
    });
    // The other salon's own pair, which only it sees.
    await join(otherSalon, 'Wanda Altrove', { phone: '+393331234567' });

    clientPersona = (await joinAsClient(server, salon.merchant.slug, { name: 'Cliente Curiosa' })).persona;
  }, 240_000);

  it('flags each pattern of the salon, with its clients, evidence and Italian explanation', async () => {
    expect(await signalsOf(salon.persona)).toEqual(
      expected.map((signal) => ({ ...signal, total_signals: expected.length })),
    );
  });

  it('shows another salon only its own signals', async () => {
    const signals = await signalsOf(otherSalon.persona);
    expect(signals).toHaveLength(1);
    expect(signals[0]).toMatchObject({
      kind: 'shared_phone',
      client_names: ['Vera Altrove', 'Wanda Altrove'],
      evidence: 2,
      explanation: '2 clienti hanno lo stesso numero di telefono (+393331234567).',
      total_signals: 1,
    });
  });

  it('flags nothing in an ordinary salon, even close to every threshold', async () => {
    // Four referrals 31 minutes apart: never three within an hour.
    const nadia = await join(quietSalon, 'Nadia Calma');
    const start = Date.now() - 2 * day;
    for (const index of [0, 1, 2, 3]) {
      await joinedAt(
        await join(quietSalon, `Invitata ${index + 1}`, { sponsor: nadia }),
        new Date(start + index * 31 * minute),
      );
    }
    // A family of three joined the same day, where the grandmother buys too; and a chain joined over weeks.
    const nonna = await join(quietSalon, 'Nonna Ada');
    const figlia = await join(quietSalon, 'Figlia Bice', { sponsor: nonna });
    const nipote = await join(quietSalon, 'Nipote Cloe', { sponsor: figlia });
    await buy(quietSalon, nipote);
    await buy(quietSalon, nonna);
    const lenta = await join(quietSalon, 'Lenta Uno');
    const lenta2 = await join(quietSalon, 'Lenta Due', { sponsor: lenta });
    const lenta3 = await join(quietSalon, 'Lenta Tre', { sponsor: lenta2 });
    await joinedAt(lenta, new Date(Date.now() - 20 * day));
    await joinedAt(lenta2, new Date(Date.now() - 10 * day));
    await buy(quietSalon, lenta3);
    // Two of five settled referrals never bought (not most); the three buyers came back after 48 hours.
    const ofelia = await join(quietSalon, 'Ofelia Serena');
    const settled = await settledReferrals(quietSalon, ofelia, ['Of1', 'Of2', 'Of3', 'Of4', 'Of5'], 60);
    for (const { client, joined } of settled.slice(0, 3)) {
      await boughtAt(await buy(quietSalon, client), new Date(joined.getTime() + hour));
      await boughtAt(await buy(quietSalon, client), new Date(joined.getTime() + 49 * hour));
    }
    // Two settled referrals who never bought are too few to tell.
    const pia = await join(quietSalon, 'Pia Nuova');
    await settledReferrals(quietSalon, pia, ['Pi1', 'Pi2'], 60);
    // Different numbers, and numbers too short to compare.
    await join(quietSalon, 'Quinta', { phone: '+39 333 111 2222' });
    await join(quietSalon, 'Sesta', { phone: '333 111 2223' });
    await join(quietSalon, 'Settima', { phone: '12345' });
    await join(quietSalon, 'Ottava', { phone: '+39 12345' });

    expect(await signalsOf(quietSalon.persona)).toEqual([]);
  }, 120_000);

  it('compares a phone number changed by the client itself', async () => {
    const { persona } = await joinAsClient(server, quietSalon.merchant.slug, { name: 'Nona Nuova' });
    const changed = await persona.client.rpc('update_client_phone', {
      merchant_slug: quietSalon.merchant.slug,
      phone: '0039 333 1112222',
    });
    expect(changed.error).toBeNull();
    const signals = await signalsOf(quietSalon.persona);
    expect(signals.map((signal) => [signal.kind, signal.client_names, signal.explanation])).toEqual([
      [
        'shared_phone',
        ['Quinta', 'Nona Nuova'],
        '2 clienti hanno lo stesso numero di telefono (+393331112222).',
      ],
    ]);
  });

  it('returns at most the first 200 signals, each row telling how many there are', async () => {
    const crowded = await createMerchant(server, admin, 'Salone Affollato');
    // 201 pairs of clients sharing a number (written directly: the pattern, not the sign-up, is under test).
    await db().query(
      `insert into app.clients (merchant_id, code, name, phone, email)
       select $1, 'Z' || lpad(n::text, 5, '0'), 'Cliente ' || n, '+39 340 ' || lpad((n / 2)::text, 7, '0'),
              'cliente' || n || '@example.test'
         from generate_series(0, 401) as n`,
      [crowded.merchant.id],
    );
    const signals = await signalsOf(crowded.persona);
    expect(signals).toHaveLength(200);
    expect(new Set(signals.map((signal) => signal.total_signals))).toEqual(new Set([201]));
    expect(signals.every((signal) => signal.kind === 'shared_phone' && signal.evidence === 2)).toBe(true);
  });

  it('refuses anonymous callers, clients and platform admins', async () => {
    const anonymous = await server.client().rpc('merchant_referral_signals');
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toBeNull();
    for (const persona of [clientPersona, admin]) {
      const refused = await persona.client.rpc('merchant_referral_signals');
      expect(refused.status).toBe(403);
      expect(refused.error?.message).toBe('Accesso negato: questo account non è un commerciante');
      expect(refused.data).toBeNull();
    }
  });
});
