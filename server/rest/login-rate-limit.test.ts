import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLimiters } from '../auth/rate-limit.ts';
import { ConfigError, loadConfig, projectAppNames } from '../config.ts';
import { loginCreationLimit } from './login-rate-limit.ts';

const request = { ip: '203.0.113.7' } as FastifyRequest;
const oneSignUp = () =>
  createLimiters({ signInSignUps: 1, tokenRefresh: 100, tokenVerifications: 100, emailSent: 100 });

describe('loginCreationLimit', () => {
  it('counts anonymous calls of the configured functions only, and refuses the one over the limit', () => {
    const limiters = oneSignUp();
    const limit = loginCreationLimit(['api.open_account'], limiters);
    const call =
      (fn: string, role = 'anon') =>
      () =>
        limit(request, { schema: 'api', fn, role });
    call('join_merchant')();
    call('open_account', 'authenticated')();
    call('open_account')();
    expect(call('open_account')).toThrow(
      expect.objectContaining({ status: 429, body: expect.objectContaining({ code: 'PT429' }) }),
    );
  });
});

describe('LOGIN_CREATING_FUNCTIONS', () => {
  it('lists schema.function names, api.join_merchant unless set', () => {
    expect(loadConfig({}).app.loginCreatingFunctions).toEqual(['api.join_merchant']);
    expect(loadConfig({ LOGIN_CREATING_FUNCTIONS: 'api.join_merchant, api.open_account' }).app).toEqual({
      ...projectAppNames,
      loginCreatingFunctions: ['api.join_merchant', 'api.open_account'],
    });
  });

  it('refuses a name without its schema', () => {
    expect(() => loadConfig({ LOGIN_CREATING_FUNCTIONS: 'join_merchant' })).toThrow(ConfigError);
  });
});
