import type { Database, Queryable } from '../../../server/db/port.ts';
import { isPostgresError } from '../../../server/db/port.ts';
import { joinAsClient } from '../../support/personas.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import {
  createAdmin,
  insertReservation,
  openSalon,
  registerPurchase,
  type Salon,
} from '../../support/fixtures.ts';

/** Who runs a statement: the two salons' merchants and clients, the platform admin, anon, service_role. */
export type PersonaName = 'anon' | 'clientA' | 'clientB' | 'merchantA' | 'merchantB' | 'admin' | 'service';
export const personaNames: PersonaName[] = [
  'anon',
  'clientA',
  'clientB',
  'merchantA',
  'merchantB',
  'admin',
  'service',
];

/**
 * Why a statement was refused: 'schema' / 'grant' = no privilege (on the schema, or on the table or
 * column), 'policy' = a row-level security policy; anything else is SQLSTATE and message.
 */
export type Refusal = 'schema' | 'grant' | 'policy' | string;

export interface Attempt {
  /** The statement's rows, when it ran. */
  rows?: Record<string, unknown>[];
  refused?: Refusal;
  /** What `observe` read afterwards as superuser, in the same transaction. */
  observed?: Record<string, unknown>[];
}

/** One salon's rows, as the fixture made them. */
export interface SalonIds {
  merchantId: string;
  slug: string;
  ownerUserId: string;
  /** The signed-in client of this salon and a second client it sponsored. */
  memberId: string;
  memberUserId: string;
  friendId: string;
  anna: string;
  bea: string;
  piega: string;
  ciglia: string;
  /** A resource Ciglia needs, held by a confirmed appointment without an operator. */
  laser: string;
}

export interface PolicyWorld {
  server: TestServer;
  db: Database;
  A: SalonIds;
  B: SalonIds;
  adminUserId: string;
  /**
   * Runs `sql` as the persona (role and JWT claims set locally, as PostgREST does) in a transaction
   * that is always rolled back. `before` runs first as superuser; `observe` runs last as superuser.
   */
  attempt(
    persona: PersonaName,
    sql: string,
    options?: { params?: unknown[]; before?: string; observe?: string },
  ): Promise<Attempt>;
  /** Applies SQL as superuser (e.g. a policy mutant). */
  apply(sql: string): Promise<void>;
  stop(): Promise<void>;
}

const rollback = new Error('rollback');

export function classify(error: unknown): Refusal {
  if (!isPostgresError(error)) throw error;
  if (error.code === '42501') {
    if (/permission denied for schema/.test(error.message)) return 'schema';
    if (/permission denied for (table|view|relation|column)/.test(error.message)) return 'grant';
    if (/row-level security/.test(error.message)) return 'policy';
  }
  return `${error.code}: ${error.message}`;
}

async function actAs(tx: Queryable, role: string, sub?: string, sessionId?: string): Promise<void> {
  const claims = JSON.stringify(sub ? { sub, role, aud: role, session_id: sessionId } : { role });
  await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
    role,
    claims,
  ]);
}

async function salonIds(server: TestServer, salon: Salon): Promise<SalonIds> {
  const { joined: friend } = await joinAsClient(server, salon.merchant.slug, {
    name: 'Amica Sponsorizzata',
    sponsorCode: salon.member.client_code,
  });
  for (const [code, spend] of [
    [salon.member.client_code, 50],
    [friend.client_code, 40],
  ] as const) {
    await registerPurchase(salon.owner.client, code, spend);
  }
  // The member's reservations in every state, confirmed ones before and after the hour that allows
  // deleting them, one left pending in the past; the friend has a rejected one of its own.
  const at = (startsAt: string, status: string, clientId?: string) =>
    insertReservation(server, salon, { startsAt, status, clientId });
  await at(`now() + interval '1 day'`, 'in attesa');
  await at(`now() + interval '2 days'`, 'modificata');
  await at(`now() + interval '3 days'`, 'confermata');
  await at(`now() - interval '30 minutes'`, 'confermata');
  await at(`now() - interval '2 hours'`, 'confermata');
  await at(`now() - interval '2 days'`, 'in attesa');
  await at(`now() + interval '4 days'`, 'rifiutata');
  await at(`now() + interval '5 days'`, 'rifiutata', friend.client_id);
  // Waiting for a slot: the member and the friend, each told of one freed slot.
  await server.server.context.db.query(
    `with entries as (
       insert into app.waitlist_entries (merchant_id, client_id, treatment_id, from_day, to_day, period)
       select $1, c, $2, current_date, current_date + 1, 'Mattina' from unnest($3::uuid[]) as c
       returning id, client_id)
     insert into app.waitlist_notices (entry_id, client_id, starts_at, rank)
     select id, client_id, now() + interval '1 day', 1 from entries`,
    [salon.merchant.id, salon.piega, [salon.member.client_id, friend.client_id]],
  );
  const db = server.server.context.db;
  const laser = (
    await db.query<{ id: string }>(
      `insert into app.resources (merchant_id, name) values ($1, 'Laser') returning id`,
      [salon.merchant.id],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into app.treatment_resources (merchant_id, treatment_id, resource_id) values ($1, $2, $3)`,
    [salon.merchant.id, salon.ciglia, laser],
  );
  await db.query(
    `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_name,
       starts_at, ends_at, status)
     values ($1, $2, $3, 'Ciglia', 'Chiunque', now() + interval '6 days',
       now() + interval '6 days 30 minutes', 'confermata')`,
    [salon.merchant.id, salon.member.client_id, salon.ciglia],
  );
  return {
    merchantId: salon.merchant.id,
    slug: salon.merchant.slug,
    ownerUserId: salon.owner.userId,
    memberId: salon.member.client_id,
    memberUserId: salon.member.user_id,
    friendId: friend.client_id,
    anna: salon.anna,
    bea: salon.bea,
    piega: salon.piega,
    ciglia: salon.ciglia,
    laser,
  };
}

/**
 * A database with the migrations applied and two salons' worth of rows in every table of schema app,
 * plus objects in the buckets 'loghi' and 'operatori' and in a private bucket without policies.
 */
export async function startPolicyWorld(): Promise<PolicyWorld> {
  const server = await startTestServer();
  const db = server.server.context.db;
  const admin = await createAdmin(server);
  // A second admin, whose row the first must not see.
  await createAdmin(server);
  const A = await salonIds(server, await openSalon(server, admin, 'Salone Alfa'));
  const B = await salonIds(server, await openSalon(server, admin, 'Salone Beta'));
  // Each salon's calendar: opening hours, a closure, and Bea's hours and absence. Only the api
  // functions read them, so the direct statements on reservations here are not bound by them.
  for (const { merchantId: m, bea } of [A, B]) {
    await db.exec(
      `insert into app.opening_hours (merchant_id, weekday, opens, closes)
         values ('${m}', 1, '09:00', '13:00'), ('${m}', 1, '14:00', '19:00'), ('${m}', 2, '09:00', '19:00');
       insert into app.salon_closures (merchant_id, day) values ('${m}', '2099-12-25'), ('${m}', '2099-12-26');
       insert into app.operator_hours (merchant_id, operator_id, weekday, opens, closes)
         values ('${m}', '${bea}', 1, '10:00', '18:00'), ('${m}', '${bea}', 2, '10:00', '18:00');
       insert into app.operator_absences (merchant_id, operator_id, from_day, to_day)
         values ('${m}', '${bea}', '2099-08-01', '2099-08-15'), ('${m}', '${bea}', '2099-09-01', '2099-09-02');`,
    );
  }
  await db.query(`insert into storage.buckets (id, name, public) values ('privato', 'privato', false)`);
  await db.query(
    `insert into storage.objects (bucket_id, name)
     select bucket, name from unnest($1::text[], $2::text[]) as o(bucket, name)`,
    [
      ['loghi', 'loghi', 'operatori', 'operatori', 'operatori', 'privato', 'privato'],
      [
        `${A.slug}.png`,
        `${B.slug}.png`,
        `${A.merchantId}/anna.png`,
        `${A.merchantId}/bea.png`,
        `${B.merchantId}/anna.png`,
        `${A.slug}.png`,
        `${A.merchantId}/segreto.png`,
      ],
    ],
  );
  // A phone subscribed to notifications for each salon's client and owner.
  const key = (letter: string) => `B${letter.repeat(86)}`;
  for (const [index, userId] of [A.memberUserId, B.memberUserId, A.ownerUserId, B.ownerUserId].entries()) {
    await db.query(
      `insert into app.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)`,
      [userId, `https://push.example.com/${index}`, key('abcd'[index]!), 'a'.repeat(22)],
    );
  }
  const users: Record<PersonaName, [role: string, sub?: string, sessionId?: string]> = {
    anon: ['anon'],
    service: ['service_role'],
    admin: ['authenticated', admin.userId, admin.sessionId],
    clientA: ['authenticated', A.memberUserId],
    clientB: ['authenticated', B.memberUserId],
    merchantA: ['authenticated', A.ownerUserId],
    merchantB: ['authenticated', B.ownerUserId],
  };
  return {
    server,
    db,
    A,
    B,
    adminUserId: admin.userId,
    async attempt(persona, sql, { params, before, observe } = {}) {
      const result: Attempt = {};
      try {
        await db.transaction(async (tx) => {
          if (before) await tx.exec(before);
          const [role, sub, sessionId] = users[persona];
          await actAs(tx, role, sub, sessionId);
          try {
            result.rows = (await tx.query(sql, params)).rows;
          } catch (error) {
            result.refused = classify(error);
            throw rollback;
          }
          if (observe) {
            await tx.query('reset role');
            result.observed = (await tx.query(observe)).rows;
          }
          throw rollback;
        });
      } catch (error) {
        if (error !== rollback) throw error;
      }
      return result;
    },
    apply: (sql) => db.exec(sql),
    stop: () => server.stop(),
  };
}
