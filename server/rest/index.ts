import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { callResult, functionCall, type CallArguments } from './call-function.ts';
import { PostgrestError, toPostgrestError } from './postgrest-error.ts';
import { requestClaims } from './request-role.ts';
import { impersonation } from '../db/impersonate.ts';
import { roleSettings } from '../db/role-settings.ts';
import { createFunctionCache } from './function-cache.ts';
import { wholeBodyOnly, type ResolvedFunction } from './resolve-function.ts';
import { signUpLimit } from './sign-up-limit.ts';
import { authLimitersOf } from '../auth/auth-context.ts';

const singleObject = 'application/vnd.pgrst.object+json';
const reservedQueryKeys = new Set(['select', 'order', 'limit', 'offset', 'or', 'and', 'columns']);
const filterPattern = /^(not\.)?(eq|neq|gt|gte|lt|lte|like|ilike|is|in|cs|cd|fts|match)\./;

function exposedSchema(request: FastifyRequest, exposed: string[]): string {
  const header = request.method === 'GET' || request.method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const requested = request.headers[header];
  const schema = typeof requested === 'string' && requested !== '' ? requested : exposed[0]!;
  if (!exposed.includes(schema)) {
    throw PostgrestError.of(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${exposed.join(', ')}`,
    );
  }
  return schema;
}

/** Query keys that shape an rpc's result (filters, `select`, `order`): refused, never ignored. */
function refuseResultShaping(query: Record<string, string>, method: string) {
  for (const [key, value] of Object.entries(query)) {
    if (key === 'limit' || key === 'offset' || key === 'columns') continue;
    if (key === 'select' && value === '*') continue;
    const argument = (method === 'GET' || method === 'HEAD') && !reservedQueryKeys.has(key);
    if (argument && !filterPattern.test(value)) continue;
    throw PostgrestError.of(
      400,
      'PGRST100',
      `Filters, select and order on rpc results are not supported: ${key}=${value}`,
      null,
      'Pass the condition to the function as an argument instead.',
    );
  }
}

/**
 * The call's arguments: named ones (a JSON object, or the query string of a GET), or, for a JSON body
 * that is an array or a scalar, the whole body, which only a single unnamed json/jsonb parameter takes.
 */
function argumentsOf(request: FastifyRequest): { args: CallArguments; limit?: number; offset?: number } {
  const query = request.query as Record<string, string>;
  const limit = query.limit !== undefined ? Number(query.limit) : undefined;
  const offset = query.offset !== undefined ? Number(query.offset) : undefined;
  refuseResultShaping(query, request.method);
  if (request.method === 'GET' || request.method === 'HEAD') {
    const named: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query)) if (!reservedQueryKeys.has(key)) named[key] = value;
    return { args: { named }, limit, offset };
  }
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) return { args: { wholeBody: body }, limit, offset };
  return { args: { named: body as Record<string, unknown> }, limit, offset };
}

/** The single object asked for (Accept: application/vnd.pgrst.object+json) must be exactly one row. */
function requireOneRow(fn: ResolvedFunction, rows: Record<string, unknown>[]) {
  const count = (JSON.parse(callResult(fn, rows) ?? '[]') as unknown[]).length;
  if (count !== 1) {
    throw PostgrestError.of(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${count} rows`,
    );
  }
}

const count = { type: 'string', pattern: '^[0-9]+$' };

/**
 * What an rpc call may carry: any query keys (a GET's arguments, refused filters) beside `limit` and
 * `offset`, any JSON body (an object of arguments, or the whole body for one json parameter).
 */
const rpcSchema = {
  params: { type: 'object', properties: { fn: { type: 'string' } }, required: ['fn'] },
  querystring: { type: 'object', properties: { limit: count, offset: count } },
  headers: {
    type: 'object',
    properties: { 'accept-profile': { type: 'string' }, 'content-profile': { type: 'string' } },
  },
};

/** `/rest/v1/rpc/<function>`: PostgREST's way of running a function, one transaction per request. */
export async function restRoutes(app: FastifyInstance, context: ServerContext) {
  const exposed = context.config.toml.api.schemas;
  const extraSearchPath = context.config.toml.api.extra_search_path;
  const searchPathOf = new Map(
    exposed.map((schema) => [schema, [schema, ...extraSearchPath].map((name) => `"${name}"`).join(', ')]),
  );
  const functions = await createFunctionCache(context.db);
  // PostgREST's answer to a body that is not JSON (the JSON parser is the app's).
  app.addContentTypeParser('*', (request, _payload, done) =>
    done(
      Object.assign(new Error(`Content-Type not acceptable: ${request.headers['content-type'] ?? ''}`), {
        statusCode: 415,
        code: 'PGRST107',
      }),
      undefined,
    ),
  );
  const limitSignUps = signUpLimit(context.config.app.signUpFunctions, authLimitersOf(context));
  app.addHook('onClose', () => functions.close());

  async function handleRpc(request: FastifyRequest<{ Params: { fn: string } }>, reply: FastifyReply) {
    let role = 'anon';
    try {
      const schema = exposedSchema(request, exposed);
      const claims = await requestClaims(request, context.keys.jwtSecret);
      role = claims.role;
      limitSignUps(request, { schema, fn: request.params.fn, role });
      const { args, limit, offset } = argumentsOf(request);
      const wantsSingle = (request.headers.accept ?? '').includes(singleObject);
      const readOnlyRequest = request.method === 'GET' || request.method === 'HEAD';

      const fn = await functions.resolve(
        schema,
        request.params.fn,
        'named' in args ? Object.keys(args.named) : wholeBodyOnly,
      );
      // Read before the transaction: on PGlite a query beside an open transaction would wait for it.
      const callerRoleSettings = await roleSettings(context.db, claims.role);
      const readOnly = readOnlyRequest || !fn.volatile;
      // PostgREST's db-max-rows ([api] max_rows): a set never returns more rows than that.
      const maxRows = context.config.toml.api.max_rows;
      const call = functionCall(fn, args, { limit: Math.min(limit ?? maxRows, maxRows), offset });
      const single = wantsSingle && fn.returns === 'set';
      const results = await context.apiDb.transactionOf(
        [
          impersonation(claims, {
            ...callerRoleSettings,
            'request.method': request.method,
            'request.path': `/rpc/${request.params.fn}`,
            'request.headers': JSON.stringify(request.headers),
            search_path: searchPathOf.get(schema)!,
          }),
          call,
        ],
        {
          readOnly,
          // Refused before COMMIT, so the function's writes are rolled back, as PostgREST does.
          beforeCommit: single ? (results) => requireOneRow(fn, results[1]!.rows) : undefined,
        },
      );
      const result = callResult(fn, results[1]!.rows);
      const body =
        single && result !== undefined ? JSON.stringify((JSON.parse(result) as unknown[])[0]) : result;

      if (body === undefined) return reply.code(204).send();
      const contentType = wantsSingle ? `${singleObject}; charset=utf-8` : 'application/json; charset=utf-8';
      if (request.method === 'HEAD') return reply.code(200).header('content-type', contentType).send();
      return reply.code(200).header('content-type', contentType).send(body);
    } catch (error) {
      const failure = toPostgrestError(error, role);
      if (failure.status >= 500) request.log.error({ err: error }, 'rpc failed');
      if (failure.status === 401) reply.header('www-authenticate', 'Bearer');
      return reply
        .code(failure.status)
        .header('content-type', 'application/json; charset=utf-8')
        .send(failure.body);
    }
  }

  // A schema's refusal, as PostgREST words it; the app's handler answers the other errors.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (!error.validationContext) throw error;
    const failure =
      error.validationContext === 'querystring'
        ? PostgrestError.of(400, 'PGRST100', 'limit and offset must be non-negative integers')
        : PostgrestError.of(400, 'PGRST100', error.message);
    return reply.code(failure.status).send(failure.body);
  });

  app.post('/rest/v1/rpc/:fn', { schema: rpcSchema }, handleRpc);
  app.get('/rest/v1/rpc/:fn', { schema: rpcSchema }, handleRpc); // Fastify answers HEAD through the GET route.
}
