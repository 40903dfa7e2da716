import { describe, expect, it } from 'vitest';
import { bearerToken, gatewayToken } from './bearer-token.ts';

describe('bearerToken', () => {
  it('reads the token of a bearer Authorization header whatever the case of "bearer"', () => {
    expect(bearerToken({ authorization: 'Bearer abc.def.ghi' })).toBe('abc.def.ghi');
    expect(bearerToken({ authorization: 'bearer  abc.def.ghi ' })).toBe('abc.def.ghi');
  });

  it('finds no token in another scheme, an empty bearer or two words', () => {
    expect(bearerToken({ authorization: 'Basic dXNlcjpwYXNz' })).toBeUndefined();
    expect(bearerToken({ authorization: 'Bearer ' })).toBeUndefined();
    expect(bearerToken({ authorization: 'Bearer one two' })).toBeUndefined();
    expect(bearerToken({})).toBeUndefined();
  });
});

describe('gatewayToken', () => {
  it('prefers the bearer token and falls back on the apikey header', () => {
    expect(gatewayToken({ authorization: 'Bearer user-token', apikey: 'anon-key' })).toBe('user-token');
    expect(gatewayToken({ apikey: 'anon-key' })).toBe('anon-key');
    expect(gatewayToken({ apikey: '' })).toBeUndefined();
  });
});
