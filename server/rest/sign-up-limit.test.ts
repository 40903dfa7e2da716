import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLimiters } from '../auth/rate-limit.ts';
import { ConfigError, loadConfig, projectAppNames } from '../config.ts';
import { signUpLimit } from './sign-up-limit.ts';

const request = { ip: '203.0.113.7' } as FastifyRequest;
const oneSignUp = () =>
  createLimiters({ signInSignUps: 1, tokenRefresh: 100, tokenVerifications: 100, emailSent: 100 });

describe('signUpLimit', () => {
  it('counts anonymous calls of the configured functions only, and refuses the one over the limit', () => {
    const limiters = oneSignUp();
    const limit = signUpLimit(['api.open_account'], limiters);
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

describe('SIGN_UP_FUNCTIONS', () => {
  it('lists schema.function names, api.join_merchant and api.sponsor_preview unless set', () => {
    expect(loadConfig({}).app.signUpFunctions).toEqual(['api.join_merchant', 'api.sponsor_preview']);
    expect(loadConfig({ SIGN_UP_FUNCTIONS: 'api.join_merchant, api.open_account' }).app).toEqual({
      ...projectAppNames,
      signUpFunctions: ['api.join_merchant', 'api.open_account'],
    });
  });

  it('refuses a name without its schema', () => {
    expect(() => loadConfig({ SIGN_UP_FUNCTIONS: 'join_merchant' })).toThrow(ConfigError);
  });
});
