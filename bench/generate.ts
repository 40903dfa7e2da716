// A seeded generator of loyalty data: merchants with their logins, clients in sponsor trees, purchases
// and the credit ledger, filled through set-based SQL as the owner connection.
//
// The rows are the ones the api would have written: every constraint holds, each movement's ledger
// entries follow spec §9 exactly as api.register_purchase computes them (each entry rounded to cents,
// half away from zero; buyer, then up to three sponsors), a discount never exceeds the buyer's credit at
// that moment, and available credit equals the sum of the ledger. The arithmetic runs here in integer
// cents; `verifyLoyaltyData` recomputes it in SQL afterwards and fails the run on any difference.
//
// Profiles (BENCH_SCALE): tiny (a smoke run), small (the default), large (the roadmap's 100k clients /
// 1M movements; not run by default, expect tens of minutes on PGlite).
import type { Database, Queryable } from '../server/db/port.ts';

export interface ScaleProfile {
  name: string;
  merchants: number;
  /** Clients of the first merchant, the one the tree, statistics and purchase benchmarks use. */
  bigMerchantClients: number;
  /** Clients of all the other merchants together. */
  otherClients: number;
  movements: number;
}

export const profiles: Record<string, ScaleProfile> = {
  tiny: { name: 'tiny', merchants: 20, bigMerchantClients: 2_000, otherClients: 2_000, movements: 10_000 },
  small: {
    name: 'small',
    merchants: 200,
    bigMerchantClients: 20_000,
    otherClients: 20_000,
    movements: 100_000,
  },
  large: {
    name: 'large',
    merchants: 200,
    bigMerchantClients: 20_000,
    otherClients: 80_000,
    movements: 1_000_000,
  },
};

export function profileFromEnvironment(): ScaleProfile {
  const name = process.env.BENCH_SCALE ?? 'small';
  const profile = profiles[name];
  if (!profile) throw new Error(`BENCH_SCALE must be one of ${Object.keys(profiles).join(', ')}`);
  return profile;
}

/** mulberry32: a small, fast, seeded PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The default credit percentages of app.percentages, which every generated merchant keeps. */
const rates = { personal: 5, sponsor1: 3, sponsor2: 2, sponsor3: 1 };
/** Sponsor chains of the big merchant for the purchase benchmark: root <- g1 <- g2 <- g3 <- buyer. */
export const purchaseChains = 8;
export const benchPassword = 'password123';

export interface GeneratedMerchant {
  id: string;
  userId: string;
  email: string;
  slug: string;
  codePrefix: string;
}

export interface GeneratedData {
  profile: ScaleProfile;
  admin: { userId: string; email: string };
  bigMerchant: GeneratedMerchant;
  /** Codes of the buyers at the bottom of each purchase chain (generation 4, three sponsors above). */
  chainBuyerCodes: string[];
  /** The big salon's client with the most movements: what Movimenti shows filtered by one regular client. */
  regularClient: { code: string; movements: number };
  counts: { merchants: number; clients: number; movements: number; ledger: number };
  seconds: number;
}

const firstNames = [
  'Maria',
  'Anna',
  'Giulia',
  'Sara',
  'Francesca',
  'Chiara',
  'Laura',
  'Elena',
  'Marta',
  'Paola',
  'Alessia',
  'Valentina',
  'Federica',
  'Silvia',
  'Roberta',
  'Luca',
  'Marco',
  'Davide',
  'Simone',
  'Giorgio',
];
const lastNames = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
];

/** Spreadsheet column letters, as app_private.column_letters: 1 = A, 27 = AA. */
function columnLetters(number: number): string {
  let remaining = number;
  let letters = '';
  while (remaining > 0) {
    remaining -= 1;
    letters = String.fromCharCode(65 + (remaining % 26)) + letters;
    remaining = Math.floor(remaining / 26);
  }
  return letters;
}

/** Cents of round(net * percent / 100, 2) for non-negative integer cents and percent: half away from zero. */
const shareCents = (netCents: number, percent: number) => Math.floor((netCents * percent + 50) / 100);
const money = (cents: number) => (cents / 100).toFixed(2);

async function insertInBatches(
  tx: Queryable,
  sql: string,
  columns: unknown[][],
  batch = 10_000,
): Promise<void> {
  const length = columns[0]?.length ?? 0;
  for (let start = 0; start < length; start += batch) {
    await tx.query(
      sql,
      columns.map((column) => column.slice(start, start + batch)),
    );
  }
}

/** Fills an empty, migrated database with one profile's data. Deterministic for a given seed and `now`. */
export async function generateLoyaltyData(
  db: Database,
  profile: ScaleProfile,
  options: { seed?: number; now?: number } = {},
): Promise<GeneratedData> {
  const started = performance.now();
  const random = seededRandom(options.seed ?? 20261122);
  const now = options.now ?? Date.now();
  const span = 180 * 86_400_000; // clients joined over the last 180 days
  const uuid = () => {
    const hex = Array.from({ length: 4 }, () =>
      Math.floor(random() * 4294967296)
        .toString(16)
        .padStart(8, '0'),
    ).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

  // ---- Merchants and their logins (merchant 1 is the big one) ----
  const merchants: GeneratedMerchant[] = Array.from({ length: profile.merchants }, (_, index) => {
    const number = String(index + 1).padStart(4, '0');
    return {
      id: uuid(),
      userId: uuid(),
      email: `salone${number}@bench.test`,
      slug: `salone${number}`,
      codePrefix: columnLetters(index + 1),
    };
  });
  const admin = { userId: uuid(), email: 'admin@bench.test' };

  // ---- Clients: sizes, sponsor trees, join times ----
  const sizes = merchants.map((_, index) => (index === 0 ? profile.bigMerchantClients : 0));
  for (let i = 0; i < profile.otherClients; i += 1) {
    sizes[1 + Math.floor(random() * (profile.merchants - 1))]! += 1;
  }
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const client = {
    id: new Array<string>(total),
    merchant: new Int32Array(total),
    sponsor: new Int32Array(total).fill(-1),
    generation: new Int32Array(total),
    time: new Float64Array(total),
    code: new Array<string>(total),
    name: new Array<string>(total),
  };
  const chainBuyerCodes: string[] = [];
  let next = 0;
  sizes.forEach((size, merchantIndex) => {
    const first = next;
    const chainStart = merchantIndex === 0 ? size - purchaseChains * 5 : size;
    for (let k = 0; k < size; k += 1) {
      const index = next;
      next += 1;
      let sponsor = -1;
      if (k >= chainStart) {
        // The purchase chains: each fifth client starts a new root.
        if ((k - chainStart) % 5 !== 0) sponsor = index - 1;
        if ((k - chainStart) % 5 === 4)
          chainBuyerCodes.push(`${merchants[merchantIndex]!.codePrefix}${String(k + 1).padStart(5, '0')}`);
      } else if (k > 0 && random() >= 0.25) {
        sponsor = first + Math.floor(random() * k);
      }
      client.id[index] = uuid();
      client.merchant[index] = merchantIndex;
      client.sponsor[index] = sponsor;
      client.generation[index] = sponsor < 0 ? 0 : client.generation[sponsor]! + 1;
      client.time[index] = now - span + (span * (k + random())) / size;
      const number = k + 1;
      client.code[index] =
        merchants[merchantIndex]!.codePrefix +
        (number < 100000 ? String(number).padStart(5, '0') : String(number));
      client.name[index] = `${pick(firstNames)} ${pick(lastNames)}`;
    }
  });

  // ---- Movements in time order, with the balance each discount may use ----
  const movementCount = profile.movements;
  const buyerOf = new Int32Array(movementCount);
  const movementTime = new Float64Array(movementCount);
  for (let m = 0; m < movementCount; m += 1) {
    // The purchase chains stay without movements: their balances start at zero.
    let buyer = Math.floor(random() * total);
    while (client.merchant[buyer] === 0 && buyer >= sizes[0]! - purchaseChains * 5)
      buyer = Math.floor(random() * total);
    buyerOf[m] = buyer;
    // Purchases from the join time to one hour ago.
    movementTime[m] = client.time[buyer]! + random() * (now - 3_600_000 - client.time[buyer]!);
  }
  const movementsOf = new Int32Array(total);
  for (const buyer of buyerOf) movementsOf[buyer]! += 1;
  let regular = 0;
  for (let index = 1; index < sizes[0]!; index += 1)
    if (movementsOf[index]! > movementsOf[regular]!) regular = index;
  const regularClient = { code: client.code[regular]!, movements: movementsOf[regular]! };
  const order = Uint32Array.from({ length: movementCount }, (_, m) => m).sort(
    (a, b) => movementTime[a]! - movementTime[b]!,
  );
  const balance = new Float64Array(total); // cents
  const movement = {
    id: [] as string[],
    merchant: [] as string[],
    client: [] as string[],
    spend: [] as string[],
    discount: [] as string[],
    registeredBy: [] as string[],
    at: [] as string[],
  };
  const ledger = {
    merchant: [] as string[],
    client: [] as string[],
    movement: [] as string[],
    kind: [] as string[],
    amount: [] as string[],
    at: [] as string[],
  };
  for (const m of order) {
    const buyer = buyerOf[m]!;
    const merchant = merchants[client.merchant[buyer]!]!;
    const spendCents = 1000 + 50 * Math.floor(random() * 580); // € 10.00 .. € 299.50
    const discountCents =
      random() < 0.3 ? Math.min(spendCents, Math.floor(random() * (balance[buyer]! + 1))) : 0;
    const netCents = spendCents - discountCents;
    const id = uuid();
    const at = new Date(movementTime[m]!).toISOString();
    movement.id.push(id);
    movement.merchant.push(merchant.id);
    movement.client.push(client.id[buyer]!);
    movement.spend.push(money(spendCents));
    movement.discount.push(money(discountCents));
    movement.registeredBy.push(merchant.userId);
    movement.at.push(at);
    const s1 = client.sponsor[buyer]!;
    const s2 = s1 >= 0 ? client.sponsor[s1]! : -1;
    const s3 = s2 >= 0 ? client.sponsor[s2]! : -1;
    const entries: [number, string, number][] = [
      [buyer, 'redemption', -discountCents],
      [buyer, 'generation0', shareCents(netCents, rates.personal)],
      [s1, 'generation1', shareCents(netCents, rates.sponsor1)],
      [s2, 'generation2', shareCents(netCents, rates.sponsor2)],
      [s3, 'generation3', shareCents(netCents, rates.sponsor3)],
    ];
    for (const [target, kind, amount] of entries) {
      if (target < 0 || amount === 0) continue;
      balance[target]! += amount;
      ledger.merchant.push(merchant.id);
      ledger.client.push(client.id[target]!);
      ledger.movement.push(id);
      ledger.kind.push(kind);
      ledger.amount.push(money(amount));
      ledger.at.push(at);
    }
  }

  // ---- Into the database, in one transaction, with the row triggers off (balances are written here) ----
  await db.transaction(async (tx) => {
    for (const table of ['app.clients', 'app.movements', 'app.credit_ledger']) {
      await tx.query(`alter table ${table} disable trigger user`);
    }
    const users = [
      admin,
      ...merchants.map((merchant) => ({ userId: merchant.userId, email: merchant.email })),
    ];
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new,
         email_change, email_change_token_current, phone_change, phone_change_token, reauthentication_token)
       select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email, h.hash,
              now(), '{"provider":"email","providers":["email"]}', '{}', '', '', '', '', '', '', '', ''
         from unnest($1::uuid[], $2::text[]) as u (id, email)
        cross join (select extensions.crypt($3, extensions.gen_salt('bf', 4)) as hash) as h`,
      [users.map((user) => user.userId), users.map((user) => user.email), benchPassword],
    );
    await tx.query('insert into app.platform_admins (user_id) values ($1)', [admin.userId]);
    await tx.query(
      `insert into app.merchants (id, user_id, slug, name, email, phone, code_prefix, created_at)
       select m.id, m.user_id, m.slug, 'Salone ' || m.number, m.email, '06' || lpad(m.number, 8, '0'), m.prefix,
              $7::timestamptz - make_interval(days => 200) + make_interval(mins => m.ordinality::int)
         from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[]) with ordinality
              as m (id, user_id, slug, email, prefix, number, ordinality)`,
      [
        merchants.map((merchant) => merchant.id),
        merchants.map((merchant) => merchant.userId),
        merchants.map((merchant) => merchant.slug),
        merchants.map((merchant) => merchant.email),
        merchants.map((merchant) => merchant.codePrefix),
        merchants.map((merchant) => merchant.slug.slice('salone'.length)),
        new Date(now).toISOString(),
      ],
    );
    await tx.query('insert into app.percentages (merchant_id) select unnest($1::uuid[])', [
      merchants.map((merchant) => merchant.id),
    ]);
    await tx.query(
      `insert into app.merchant_prefix_counter as counter (singleton, last_number) values (true, $1)
       on conflict (singleton) do update set last_number = excluded.last_number`,
      [profile.merchants],
    );
    await tx.query(
      `insert into app.client_code_counters (merchant_id, last_number)
       select * from unnest($1::uuid[], $2::int[]) as s (merchant_id, last_number) where s.last_number > 0`,
      [merchants.map((merchant) => merchant.id), sizes],
    );
    const indexes = Array.from({ length: total }, (_, index) => index);
    await insertInBatches(
      tx,
      `insert into app.clients (id, merchant_id, code, sponsor_id, generation, name, phone, email,
         available_credit, created_at)
       select c.id, c.merchant_id, c.code, c.sponsor_id, c.generation, c.name,
              case when c.ordinality % 3 <> 0 then '3' || lpad((c.ordinality * 7919 % 1000000000)::text, 9, '0') end,
              lower(replace(c.name, ' ', '.')) || '.' || lower(c.code) || '@example.test',
              c.credit, c.created_at
         from unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::int[], $6::text[], $7::numeric[],
                     $8::timestamptz[]) with ordinality
              as c (id, merchant_id, code, sponsor_id, generation, name, credit, created_at, ordinality)`,
      [
        client.id,
        indexes.map((index) => merchants[client.merchant[index]!]!.id),
        client.code,
        indexes.map((index) => (client.sponsor[index]! >= 0 ? client.id[client.sponsor[index]!]! : null)),
        Array.from(client.generation),
        client.name,
        Array.from(balance, money),
        Array.from(client.time, (time) => new Date(time).toISOString()),
      ],
    );
    await insertInBatches(
      tx,
      `insert into app.movements (id, merchant_id, client_id, spend, discount, registered_by, created_at)
       select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::numeric[], $5::numeric[], $6::uuid[],
                            $7::timestamptz[])`,
      [
        movement.id,
        movement.merchant,
        movement.client,
        movement.spend,
        movement.discount,
        movement.registeredBy,
        movement.at,
      ],
    );
    await insertInBatches(
      tx,
      `insert into app.credit_ledger (merchant_id, client_id, movement_id, kind, amount, created_at)
       select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::numeric[], $6::timestamptz[])`,
      [ledger.merchant, ledger.client, ledger.movement, ledger.kind, ledger.amount, ledger.at],
      20_000,
    );
    // The movements' triggers are off: the campaign summaries' daily sales and Statistiche's per-client
    // figures are counted here, once.
    await tx.query('select app_private.recount_daily_sales(array(select m.id from app.merchants m))');
    await tx.query('select app_private.rebuild_client_statistics(array(select m.id from app.merchants m))');
    for (const table of ['app.clients', 'app.movements', 'app.credit_ledger']) {
      await tx.query(`alter table ${table} enable trigger user`);
    }
  });
  // PGlite has no autovacuum: give both databases the statistics a live system would have.
  await db.exec('analyze');

  return {
    profile,
    admin,
    bigMerchant: merchants[0]!,
    chainBuyerCodes,
    regularClient,
    counts: {
      merchants: profile.merchants,
      clients: total,
      movements: movementCount,
      ledger: ledger.kind.length,
    },
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * Recomputes in SQL what the generator promised: every ledger entry is the one api.register_purchase
 * writes for its movement (§9, rounded per entry), and available credit is the sum of the ledger. Throws on any difference.
 */
export async function verifyLoyaltyData(db: Queryable): Promise<void> {
  const { rows } = await db.query<{
    ledger_mismatches: string;
    balance_mismatches: string;
    daily_mismatches: string;
  }>(`
    with expected as (
      select mv.id as movement_id, e.client_id, e.kind, e.amount
        from app.movements mv
        join app.clients c on c.id = mv.client_id
        left join app.clients p on p.id = c.sponsor_id
        left join app.clients gp on gp.id = p.sponsor_id
        join app.percentages pc on pc.merchant_id = mv.merchant_id
       cross join lateral (values
         (c.id, 'redemption', -mv.discount),
         (c.id, 'generation0', round(mv.net * pc.personal / 100, 2)),
         (c.sponsor_id, 'generation1', round(mv.net * pc.sponsor1 / 100, 2)),
         (p.sponsor_id, 'generation2', round(mv.net * pc.sponsor2 / 100, 2)),
         (gp.sponsor_id, 'generation3', round(mv.net * pc.sponsor3 / 100, 2))
       ) as e (client_id, kind, amount)
       where e.client_id is not null and e.amount <> 0
    ),
    actual as (select l.movement_id, l.client_id, l.kind, l.amount from app.credit_ledger l),
    daily_expected as (
      select mv.merchant_id, (mv.created_at at time zone 'Europe/Rome')::date as day,
             least(c.generation, 3)::smallint as buyer_generation, count(*)::int as purchases,
             sum(mv.spend) as gross, sum(mv.discount) as discount, sum(mv.net) as net
        from app.movements mv join app.clients c on c.id = mv.client_id
       group by 1, 2, 3
    ),
    daily_kept as (
      select d.merchant_id, d.day, d.buyer_generation, d.purchases, d.gross, d.discount, d.net
        from app.merchant_daily_sales d
    ),
    daily_mismatches as (
      select count(*) as n from (
        (select * from daily_expected except select * from daily_kept)
        union all
        (select * from daily_kept except select * from daily_expected)) as differing
    )
    select
      (select n from daily_mismatches) as daily_mismatches,
      (select count(*) from (select * from expected except all select * from actual) as missing)
      + (select count(*) from (select * from actual except all select * from expected) as extra)
        as ledger_mismatches,
      (select count(*) from app.clients c
         left join (select l.client_id, sum(l.amount) as total from app.credit_ledger l group by l.client_id) as s
           on s.client_id = c.id
        where c.available_credit <> coalesce(s.total, 0)) as balance_mismatches`);
  const result = rows[0]!;
  if (Number(result.ledger_mismatches) !== 0 || Number(result.balance_mismatches) !== 0) {
    throw new Error(
      `generated data breaks the ledger: ${result.ledger_mismatches} ledger entries differ from §9, ` +
        `${result.balance_mismatches} balances differ from their ledger`,
    );
  }
  const statistics = await db.query<{ n: string }>(
    'select count(*) as n from app_private.client_statistics_drift(array(select m.id from app.merchants m))',
  );
  if (Number(statistics.rows[0]!.n) !== 0) {
    throw new Error(`${statistics.rows[0]!.n} clients' kept statistics differ from their movements`);
  }
  if (Number(result.daily_mismatches) !== 0) {
    throw new Error(`${result.daily_mismatches} daily sales rows differ from the movements they sum`);
  }
}
