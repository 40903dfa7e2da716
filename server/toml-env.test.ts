import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { resolveAuthSettings, siteUrlOf, smtpOptionsOf } from './auth/settings.ts';
import { ConfigError, loadConfig } from './config.ts';
import { substituteEnv } from './toml-env.ts';

const projectFile = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

/** The variables of a dotenv file, as the Supabase CLI loads supabase/.env.localhost. */
function dotenv(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('env(NAME) values of config.toml', () => {
  it('are replaced by the variable, and left out when it is unset or empty', () => {
    const toml = {
      site_url: 'env(SITE_URL)',
      missing: 'env(NOT_SET)',
      empty: 'env(EMPTY)',
      literal: 'https://env(SITE_URL)',
      list: ['env(SITE_URL)', 'env(NOT_SET)', 'fisso'],
      nested: { port: 'env(PORT_NUMBER)', on: true },
    };
    expect(
      substituteEnv(toml, { SITE_URL: 'https://salone.example.com', EMPTY: '', PORT_NUMBER: '587' }),
    ).toEqual({
      site_url: 'https://salone.example.com',
      literal: 'https://env(SITE_URL)',
      list: ['https://salone.example.com', 'fisso'],
      nested: { port: '587', on: true },
    });
  });

  it('configure server/ from the environment: site URL, redirect globs and SMTP', () => {
    const config = loadConfig({
      SITE_URL: 'https://salone.example.com',
      ADDITIONAL_REDIRECT_URLS: 'https://app.salone.example.com/**, https://*.anteprima.example.com/accesso',
      SMTP_ENABLED: 'true',
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '465',
      SMTP_USER: 'passaparola',
      SMTP_PASS: 'segreto',
      SMTP_ADMIN_EMAIL: 'prenotazioni@salone.example.com',
    });
    expect(config.toml.auth.site_url).toBe('https://salone.example.com');
    const settings = resolveAuthSettings(config);
    expect(settings.additionalRedirectUrls).toEqual([
      'https://app.salone.example.com/**',
      'https://*.anteprima.example.com/accesso',
    ]);
    expect(settings.senderAddress).toBe('prenotazioni@salone.example.com');
    expect(settings.senderName).toBe('Passaparola');
    expect(smtpOptionsOf(config)).toEqual({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      auth: { user: 'passaparola', pass: 'segreto' },
    });
    expect(
      smtpOptionsOf(loadConfig({ SMTP_ENABLED: 'false', SMTP_HOST: 'smtp.example.com' })),
    ).toBeUndefined();
  });

  it("fall back to server/'s defaults when unset: its own address, no extra redirects, the local mailbox", () => {
    const config = loadConfig({});
    expect(config.toml.auth.site_url).toBeUndefined();
    expect(siteUrlOf({ ...config, siteUrl: 'http://localhost:4000' })).toBe('http://localhost:4000');
    expect(resolveAuthSettings(config).additionalRedirectUrls).toEqual([]);
    expect(smtpOptionsOf(config)).toBeUndefined();
    expect(config.mailPort).toBe(54324);
    expect(loadConfig({ MAIL_PORT: '0' }).mailPort).toBe(0);
  });

  it('refuse a redirect pattern that is not a glob', () => {
    expect(() =>
      resolveAuthSettings(loadConfig({ ADDITIONAL_REDIRECT_URLS: 'https://{a,b.example.com' })),
    ).toThrow(ConfigError);
  });

  it('hold no local address in config.toml, so `supabase config push` never sends localhost', () => {
    const raw = parseToml(projectFile('supabase/config.toml')) as { auth: Record<string, unknown> };
    expect(raw.auth.site_url).toBe('env(SITE_URL)');
    expect(raw.auth.additional_redirect_urls).toEqual(['env(ADDITIONAL_REDIRECT_URLS)']);
    expect(JSON.stringify(raw.auth)).not.toMatch(/localhost|127\.0\.0\.1/);
  });

  it("get the Supabase CLI's local values from supabase/.env.localhost, SMTP off", () => {
    const local = dotenv(projectFile('supabase/.env.localhost'));
    const config = loadConfig(local);
    expect(new URL(String(config.toml.auth.site_url)).hostname).toBe('localhost');
    expect(smtpOptionsOf(config)).toBeUndefined();
    // The CLI cannot parse a bool or a port left as the text "env(...)": those have local values.
    expect(local.SMTP_ENABLED).toBe('false');
    expect(Number(local.SMTP_PORT)).toBeGreaterThan(0);
  });
});
