import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/port.ts';
import { bodyOf, objectField, stringField, type AuthContext, type Body } from './auth-context.ts';
import { authErrors } from './errors.ts';
import { hashPassword, randomPassword } from './passwords.ts';
import { requireAdmin } from './request-auth.ts';
import { gotrueBody, gotrueQuery, userIdParams } from './request-schemas.ts';
import { apiUrlOf, parseGoDuration } from './settings.ts';
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  insertUser,
  isValidEmail,
  mergeMetadata,
  userJson,
  type UserRow,
} from './users.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function userOf(db: Queryable, request: FastifyRequest<{ Params: { id: string } }>): Promise<UserRow> {
  const { id } = request.params;
  if (!uuidPattern.test(id)) throw authErrors.userNotFound();
  const user = await findUserById(db, id);
  if (!user) throw authErrors.userNotFound();
  return user;
}

/** `ban_duration`: "none" lifts a ban, a Go duration ("24h") sets one. */
/** `page` or `per_page` read as GoTrue reads them (an unsigned integer), or undefined when absent. */
function paginationNumber(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(parsed)) {
    const reason = Number.isNaN(parsed) ? 'invalid syntax' : 'value out of range';
    throw authErrors.validation(
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": ${reason}`,
    );
  }
  return parsed;
}

function bannedUntil(body: Body): Date | null | undefined {
  const duration = stringField(body, 'ban_duration');
  if (!duration) return undefined;
  if (duration === 'none') return null;
  try {
    return new Date(Date.now() + parseGoDuration(duration) * 1000);
  } catch {
    throw authErrors.validation('invalid format for ban duration');
  }
}

function passwordHashOf(body: Body): string | undefined {
  const hash = stringField(body, 'password_hash');
  if (!hash) return undefined;
  if (!/^\$2[abxy]?\$\d\d\$/.test(hash)) throw authErrors.validation('Invalid password hash format');
  return hash;
}

/** GoTrue's `/admin/users`: create, read, list, update and delete accounts; for the service role only. */
export async function adminUserRoutes(app: FastifyInstance, auth: AuthContext) {
  const { db, keys } = auth.server;

  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/auth/v1/admin/')) await requireAdmin(request, keys.jwtSecret);
  });

  const userBody = gotrueBody({
    id: 'string',
    email: 'string',
    password: 'string',
    password_hash: 'string',
    email_confirm: 'boolean',
    ban_duration: 'string',
    role: 'string',
    user_metadata: 'object',
    app_metadata: 'object',
  });
  const byId = { params: userIdParams };

  app.post('/auth/v1/admin/users', { schema: { body: userBody } }, async (request) => {
    const body = bodyOf(request);
    const email = stringField(body, 'email').toLowerCase();
    if (!email) throw authErrors.validation('Unable to validate email address: invalid format');
    if (!isValidEmail(email)) throw authErrors.invalidEmail();
    if (await findUserByEmail(db, email)) throw authErrors.emailExists();
    const id = stringField(body, 'id') || undefined;
    if (id && !uuidPattern.test(id)) throw authErrors.validation('Invalid user id');
    const password = typeof body.password === 'string' && body.password ? body.password : undefined;
    const passwordHash = passwordHashOf(body) ?? (await hashPassword(password ?? randomPassword()));
    const banned = bannedUntil(body);
    const user = await db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        id,
        email,
        passwordHash,
        confirmed: false,
        userMetadata: objectField(body, 'user_metadata') ?? {},
        appMetadata: objectField(body, 'app_metadata'),
        role: stringField(body, 'role') || undefined,
      });
      if (body.email_confirm === true) await confirmEmail(tx, created.id);
      if (banned)
        await tx.query(`update auth.users set banned_until = $2 where id = $1`, [created.id, banned]);
      return (await findUserById(tx, created.id))!;
    });
    return userJson(db, user);
  });

  app.get(
    '/auth/v1/admin/users',
    { schema: { querystring: gotrueQuery('page', 'per_page') } },
    async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const page = Math.max(1, paginationNumber(query.page) ?? 1);
      const perPage = Math.min(1000, paginationNumber(query.per_page) ?? 50);
      if (perPage === 0)
        throw authErrors.validation('Bad Pagination Parameters: per_page must be greater than 0');
      const { rows: counted } = await db.query<{ total: number }>(
        `select count(*)::int as total from auth.users where aud = 'authenticated'`,
      );
      const total = counted[0]!.total;
      const { rows: ids } = await db.query<{ id: string }>(
        `select id from auth.users where aud = 'authenticated' order by created_at desc, id limit $1 offset $2`,
        [perPage, (page - 1) * perPage],
      );
      const users = [];
      for (const { id } of ids) users.push(await userJson(db, (await findUserById(db, id))!));
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      const link = (target: number, rel: string) =>
        `<${apiUrlOf(auth.server.config)}/auth/v1/admin/users?page=${target}&per_page=${perPage}>; rel="${rel}"`;
      const links = [...(page < lastPage ? [link(page + 1, 'next')] : []), link(lastPage, 'last')];
      reply.header('x-total-count', String(total)).header('link', links.join(', '));
      return { users, aud: 'authenticated' };
    },
  );

  app.get<{ Params: { id: string } }>('/auth/v1/admin/users/:id', { schema: byId }, async (request) =>
    userJson(db, await userOf(db, request)),
  );

  app.put<{ Params: { id: string } }>(
    '/auth/v1/admin/users/:id',
    { schema: { ...byId, body: userBody } },
    async (request) => {
      const user = await userOf(db, request);
      const body = bodyOf(request);
      const email = body.email === undefined ? undefined : stringField(body, 'email').toLowerCase();
      if (email !== undefined && email !== user.email) {
        if (!isValidEmail(email)) throw authErrors.invalidEmail();
        if (await findUserByEmail(db, email)) throw authErrors.emailExists();
      }
      const password = typeof body.password === 'string' && body.password ? body.password : undefined;
      const passwordHash = passwordHashOf(body) ?? (password ? await hashPassword(password) : undefined);
      const banned = bannedUntil(body);
      const userMetadata = objectField(body, 'user_metadata');
      const appMetadata = objectField(body, 'app_metadata');
      const role = stringField(body, 'role');
      await db.transaction(async (tx) => {
        if (email !== undefined && email !== user.email) {
          await tx.query(
            `update auth.users set email = $2, email_change = '', updated_at = now() where id = $1`,
            [user.id, email],
          );
          await tx.query(
            `update auth.identities set identity_data = jsonb_set(identity_data, '{email}', to_jsonb($2::text))
            where user_id = $1 and provider = 'email'`,
            [user.id, email],
          );
        }
        if (passwordHash)
          await tx.query(`update auth.users set encrypted_password = $2 where id = $1`, [
            user.id,
            passwordHash,
          ]);
        if (userMetadata) {
          await tx.query(`update auth.users set raw_user_meta_data = $2 where id = $1`, [
            user.id,
            JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata)),
          ]);
        }
        if (appMetadata) {
          await tx.query(`update auth.users set raw_app_meta_data = $2 where id = $1`, [
            user.id,
            JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMetadata)),
          ]);
        }
        if (role) await tx.query(`update auth.users set role = $2 where id = $1`, [user.id, role]);
        if (banned !== undefined)
          await tx.query(`update auth.users set banned_until = $2 where id = $1`, [user.id, banned]);
        if (body.email_confirm === true) await confirmEmail(tx, user.id);
        await tx.query(`update auth.users set updated_at = now() where id = $1`, [user.id]);
      });
      return userJson(db, (await findUserById(db, user.id))!);
    },
  );

  app.delete<{ Params: { id: string } }>('/auth/v1/admin/users/:id', { schema: byId }, async (request) => {
    const user = await userOf(db, request);
    await db.query(`delete from auth.users where id = $1`, [user.id]);
    return {};
  });
}
