import { afterEach, describe, expect, it, vi } from 'vitest';
import { signJwt, verifyJwt } from './jwt.ts';

const secret = 'keys-test-secret-with-at-least-32-characters';

describe('verifyJwt', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses a token it verified before once the token has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const token = await signJwt({ sub: 'alice', role: 'authenticated' }, secret, 60);
    expect(await verifyJwt(token, secret)).toMatchObject({ ok: true, claims: { sub: 'alice' } });
    vi.setSystemTime(new Date('2026-11-24T10:00:59Z'));
    expect(await verifyJwt(token, secret)).toMatchObject({ ok: true, claims: { sub: 'alice' } });
    vi.setSystemTime(new Date('2026-11-24T10:01:00Z'));
    expect(await verifyJwt(token, secret)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyJwt(token, secret)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token verified under one secret when checked with another', async () => {
    const token = await signJwt({ sub: 'bob', role: 'authenticated' }, secret, 60);
    expect((await verifyJwt(token, secret)).ok).toBe(true);
    expect(await verifyJwt(token, `${secret}-rotated`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a token not valid yet every time it is presented', async () => {
    const notBefore = Math.floor(Date.now() / 1000) + 3600;
    const token = await signJwt({ sub: 'carla', role: 'authenticated', nbf: notBefore }, secret, 7200);
    expect(await verifyJwt(token, secret)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyJwt(token, secret)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('gives every caller its own copy of the claims', async () => {
    const token = await signJwt({ sub: 'dora', role: 'authenticated' }, secret, 60);
    const first = await verifyJwt(token, secret);
    if (first.ok) first.claims.role = 'service_role';
    expect(await verifyJwt(token, secret)).toMatchObject({ ok: true, claims: { role: 'authenticated' } });
  });
});
