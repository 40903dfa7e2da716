import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, joinAsClient, type Persona } from '../../support/personas.ts';
import type { TestClient } from '../../support/test-server.ts';
import { useTestServer } from '../../support/use-test-server.ts';
import { addDays, openSalon, romeToday, type Salon } from '../../support/fixtures.ts';

/**
 * Malformed input at every function of schema api, as anon, client, merchant and admin, then the
 * invariants of the money and the agenda. By default one sweep: every (function, persona, argument)
 * once, at least 200 calls; FUZZ_CALLS sets the count (`npm run fuzz`: 3000) and FUZZ_SEED (default
 * 20261123) the order and values, so a failing run repeats: it prints the seed and the call.
 */
const requestedCalls = process.env.FUZZ_CALLS ? Number(process.env.FUZZ_CALLS) : undefined;
const seed = Number(process.env.FUZZ_SEED ?? 20261123);

/** mulberry32: a small seeded PRNG, enough to pick among values. */
function randomSource(start: number) {
  let state = start >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (probability: number) => next() < probability,
    shuffle: <T>(values: readonly T[]): T[] => {
      const shuffled = [...values];
      for (let i = shuffled.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      return shuffled;
    },
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
  };
}

/** Values no function should take: wrong numbers, wrong types, oversized and hostile texts. */
const malformed: readonly unknown[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  'nan',
  1e308,
  -1e308,
  '1'.repeat(40),
  `0.${'1'.repeat(40)}`,
  -1,
  -0.01,
  0,
  2147483648,
  1.5,
  null,
  '',
  ' ',
  'x'.repeat(101),
  'x'.repeat(5_000),
  'é'.repeat(120_000),
  '😀👩🏽‍🔬',
  'Ω\u200b\u202e',
  "'; drop table app.clients; --",
  "' or '1'='1",
  '$$ select 1 $$',
  '%_%',
  '\\',
  '{}',
  '[]',
  true,
  { nested: ['value'] },
  [1, 2, 3],
  ['not-a-uuid'],
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30',
  '5874897-12-31',
  'infinity',
  '99:99',
  'confermata',
];

/** What a numeric parameter gets first: the values that once turned balances into NaN. */
const notFinite: readonly unknown[] = ['NaN', 'Infinity', '-Infinity', '1e1000'];

interface ApiFunction {
  name: string;
  args: { name: string; type: string }[];
}

describe('fuzzing the api functions', () => {
  const server = useTestServer();
  let salon: Salon;
  let admin: Persona;
  let functions: ApiFunction[] = [];
  const sql = async <Row>(text: string, params: unknown[] = []) =>
    (await server.server.context.db.query<Row>(text, params)).rows;

  beforeAll(async () => {
    admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Fuzz');
    await joinAsClient(server, salon.merchant.slug, {
      name: 'Rita Rami',
      sponsorCode: salon.member.client_code,
    });
    await salon.owner.client.rpc('register_purchase', {
      client_code: salon.member.client_code,
      spend: 200,
      discount: 0,
    });
    functions = await sql<ApiFunction>(
      `select p.proname as name,
              coalesce((select json_agg(json_build_object('name', a.name, 'type', format_type(a.type, null))
                                 order by a.position)
                          from unnest(p.proargnames[1:p.pronargs], p.proargtypes::oid[])
                               with ordinality as a (name, type, position)), '[]') as args
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'api' and p.prokind = 'f'
        order by p.proname`,
    );
  });

  it(
    `answers malformed calls (seed ${seed}) without a server error, and the invariants hold`,
    async () => {
      expect(functions.length).toBeGreaterThan(20);
      const random = randomSource(seed);
      const today = await romeToday(server);
      const reservationIds = async () =>
        (await sql<{ id: string }>('select id from app.reservations')).map((row) => row.id);

      /** A plausible value for a parameter, so that calls also get past the first checks and write. */
      const plausible = async (type: string, name: string): Promise<unknown> => {
        if (name === 'merchant_slug') return salon.merchant.slug;
        if (name.endsWith('code')) return salon.member.client_code;
        if (name === 'operator_id') return random.pick([salon.anna, salon.bea]);
        if (name === 'treatment_id') return random.pick([salon.piega, salon.ciglia]);
        if (name === 'reservation_id') return random.pick([...(await reservationIds()), salon.piega]);
        if (name === 'operator_ids') return random.pick([null, [salon.anna], [salon.anna, salon.bea]]);
        if (type === 'date') return addDays(today, random.pick([0, 1, 2, 5, 29]));
        if (name === 'time') return random.pick(['09:00', '10:15', '12:30', '18:45']);
        if (name === 'image_path') return `${salon.merchant.id}/foto.png`;
        if (name === 'discount') return random.pick([0, 1]);
        if (type === 'numeric') return random.pick([1, 5, 12.5, 99.99, 100]);
        if (type === 'integer') return random.pick([1, 10, 30, 60]);
        if (name === 'email') return `fuzz.${Math.floor(random.pick([1, 2, 3]) * 1e6)}@example.test`;
        if (name === 'password') return 'password-fuzz';
        return random.pick(['Prova', 'Nota per la cliente', '3331234567']);
      };

      const personas: [string, TestClient][] = [
        ['anon', server.client()],
        ['client', salon.client.client],
        ['merchant', salon.owner.client],
        ['admin', admin.client],
      ];
      const serverErrors: string[] = [];
      let answered = 0;
      // Every (function, persona, argument) in a seeded order, over and over: one argument malformed (at
      // times all of them), the others plausible so that the bad value meets the code behind the first
      // checks. A numeric argument gets NaN on its first visit, then the infinities, then anything.
      const targets = functions.flatMap((fn) =>
        personas.flatMap((persona) =>
          (fn.args.length > 0 ? fn.args.map((arg) => arg.name) : [null]).map((target) => ({
            fn,
            persona,
            target,
          })),
        ),
      );
      const order = random.shuffle(targets);
      const calls = requestedCalls ?? Math.max(200, order.length);
      for (let call = 0; call < calls; call += 1) {
        const { fn, persona, target } = order[call % order.length]!;
        const [role, client] = persona;
        const visit = Math.floor(call / order.length);
        const allMalformed = random.chance(0.15);
        const args: Record<string, unknown> = {};
        for (const arg of fn.args) {
          if (random.chance(0.05)) continue; // left out
          const numeric = arg.type === 'numeric' || arg.type === 'integer';
          const bad = numeric && visit < notFinite.length ? notFinite[visit] : random.pick(malformed);
          args[arg.name] = arg.name === target || allMalformed ? bad : await plausible(arg.type, arg.name);
        }
        const { status, error } = await client.rpc(fn.name, args);
        if (status >= 200 && status < 300) answered += 1;
        if (status >= 500 || status === 0) {
          const shown = JSON.stringify(args, (_key, value: unknown) =>
            typeof value === 'string' && value.length > 60
              ? `${value.slice(0, 20)}…(${value.length})`
              : value,
          );
          serverErrors.push(
            `#${call} ${role} ${fn.name}(${shown}) → ${status} ${error?.code} ${error?.message}`,
          );
        }
      }
      expect(serverErrors, `seed ${seed}`).toEqual([]);
      // Plausible values get through too: the invariants below are checked after real writes.
      expect(answered).toBeGreaterThan(calls / 20);

      // Every balance is the sum of its ledger entries.
      const drifted = await sql<{ code: string }>(
        `select c.code from app.clients c
        where c.available_credit <> coalesce((select sum(l.amount) from app.credit_ledger l where l.client_id = c.id), 0)`,
      );
      expect(drifted, `seed ${seed}`).toEqual([]);

      // Statistiche's kept per-client figures are what the purchases and the tree say.
      const statisticsDrift = await sql<{ client_id: string }>(
        'select client_id from app_private.client_statistics_drift(array(select id from app.merchants))',
      );
      expect(statisticsDrift, `seed ${seed}`).toEqual([]);

      // No NaN in any numeric column of the app (infinities cannot live in numeric(p, s) or pass the checks).
      const numericColumns = await sql<{ table_name: string; column_name: string }>(
        `select table_name, column_name from information_schema.columns
        where table_schema = 'app' and data_type = 'numeric'`,
      );
      expect(numericColumns.length).toBeGreaterThan(5);
      for (const { table_name, column_name } of numericColumns) {
        const [row] = await sql<{ n: number }>(
          `select count(*)::int as n from app."${table_name}" where "${column_name}" = 'NaN'`,
        );
        expect(row!.n, `NaN in app.${table_name}.${column_name}, seed ${seed}`).toBe(0);
      }

      // No operator holds two overlapping confirmed reservations.
      const overlaps = await sql<{ id: string }>(
        `select a.id from app.reservations a
         join app.reservations b
           on b.operator_id = a.operator_id and b.id <> a.id
          and b.status = 'confermata' and a.status = 'confermata'
          and a.starts_at < b.ends_at and b.starts_at < a.ends_at`,
      );
      expect(overlaps, `seed ${seed}`).toEqual([]);
    },
    Math.max(120_000, (requestedCalls ?? 0) * 500),
  );
});
