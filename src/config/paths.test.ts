import { describe, expect, it } from 'vitest';
import {
  actionRouteFromContinueUrl,
  authActionRedirect,
  clientLanding,
  paths,
  shouldLeaveForMainSite,
} from '@/config/paths';

describe('paths', () => {
  it('builds the public and sign-in routes of spec §2', () => {
    expect(paths.merchantLogin.href('aurora')).toBe('/merchant/aurora');
    expect(paths.merchantResetPassword.href('aurora')).toBe('/merchant/aurora/reset-password');
    expect(paths.clientRegistration.href('aurora')).toBe('/aurora');
    expect(paths.clientRegister.href('aurora', 'A00001')).toBe('/aurora/register?ref=A00001');
    expect(paths.clientLogin.href('aurora')).toBe('/aurora/login');
    expect(paths.clientResetPassword.href('aurora')).toBe('/aurora/reset-password');
    expect(paths.clientAuthAction.href('aurora', { mode: 'verifyEmail', oobCode: 'x' })).toBe(
      '/aurora/__/auth/action?mode=verifyEmail&oobCode=x',
    );
  });

  it("carries the treatment tapped on the salon's page through registration and sign-in to Prenota", () => {
    expect(paths.clientRegister.href('aurora', undefined, 't1')).toBe('/aurora/register?trattamento=t1');
    expect(paths.clientRegister.href('aurora', 'A00001', 't1')).toBe(
      '/aurora/register?ref=A00001&trattamento=t1',
    );
    expect(paths.clientLogin.href('aurora', 't1')).toBe('/aurora/login?trattamento=t1');
    expect(clientLanding('t1')).toBe('/client/prenota?trattamento=t1');
    expect(clientLanding(undefined)).toBe('/client/profile');
    expect(clientLanding(null)).toBe('/client/profile');
  });

  it("keeps Prenota's chosen treatment, operator, day and time in its address, in the order of the steps", () => {
    expect(paths.client.prenota.href()).toBe('/client/prenota');
    expect(
      paths.client.prenota.href({ time: '10:00', date: '2026-12-01', treatmentId: 't1', operatorId: 'o1' }),
    ).toBe('/client/prenota?trattamento=t1&operatore=o1&giorno=2026-12-01&ora=10%3A00');
  });

  it('keeps each route pattern and its href in step', () => {
    expect(paths.clientLogin.path).toBe('/:merchantSlug/login');
    expect(paths.client.profile.href()).toBe(paths.client.profile.path);
    expect(paths.dashboard.registrazioni.href()).toBe('/dashboard/registrazioni');
    expect(paths.admin.merchants.href()).toBe('/admin/merchants');
  });

  it('escapes what is not a plain slug', () => {
    expect(paths.clientLogin.href('a b')).toBe('/a%20b/login');
  });

  it('builds the e-mail links that come back into the app', () => {
    expect(authActionRedirect('client', 'https://app.test', 'aurora', 'resetPassword')).toBe(
      'https://app.test/aurora/__/auth/action?mode=resetPassword',
    );
    expect(authActionRedirect('merchant', 'https://app.test', 'aurora', 'resetPassword')).toBe(
      'https://app.test/merchant/aurora/__/auth/action?mode=resetPassword',
    );
  });
});

describe('actionRouteFromContinueUrl', () => {
  it("sends / with continueUrl, mode and oobCode to the action route of continueUrl's first segment", () => {
    expect(
      actionRouteFromContinueUrl(
        '?continueUrl=https%3A%2F%2Fapp.test%2Faurora%2Flogin&mode=resetPassword&oobCode=abc&lang=it',
      ),
    ).toBe('/aurora/__/auth/action?mode=resetPassword&oobCode=abc&lang=it');
  });

  it('keeps a merchant continueUrl on the merchant action route', () => {
    expect(actionRouteFromContinueUrl('?continueUrl=/merchant/aurora&mode=verifyEmail&oobCode=abc')).toBe(
      '/merchant/aurora/__/auth/action?mode=verifyEmail&oobCode=abc',
    );
  });

  it('ignores a query without all three parameters, or without a path', () => {
    expect(actionRouteFromContinueUrl('?mode=resetPassword&oobCode=abc')).toBeNull();
    expect(actionRouteFromContinueUrl('?continueUrl=https%3A%2F%2Fapp.test%2Faurora&oobCode=abc')).toBeNull();
    expect(
      actionRouteFromContinueUrl('?continueUrl=https%3A%2F%2Fapp.test%2F&mode=x&oobCode=abc'),
    ).toBeNull();
    expect(actionRouteFromContinueUrl('')).toBeNull();
  });
});

describe('shouldLeaveForMainSite', () => {
  it('leaves for the main site only off localhost, away from /, when one is configured', () => {
    expect(shouldLeaveForMainSite('app.passaparola.it', '/x/y/z', 'https://passaparola.it')).toBe(true);
    expect(shouldLeaveForMainSite('localhost', '/x/y/z', 'https://passaparola.it')).toBe(false);
    expect(shouldLeaveForMainSite('127.0.0.1', '/x/y/z', 'https://passaparola.it')).toBe(false);
    expect(shouldLeaveForMainSite('app.passaparola.it', '/', 'https://passaparola.it')).toBe(false);
    expect(shouldLeaveForMainSite('app.passaparola.it', '/x/y/z', null)).toBe(false);
  });
});
