import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostedConfigProblems, productionEnvironment } from './hosted-config.ts';

const ready = {
  SITE_URL: 'https://prenota.salone.example.com',
  ADDITIONAL_REDIRECT_URLS: 'https://*.salone.example.com/**',
  SMTP_ENABLED: 'true',
  SMTP_HOST: 'smtp.example.com',
  SMTP_PORT: '587',
  SMTP_USER: 'passaparola',
  SMTP_PASS: 'segreto',
  SMTP_ADMIN_EMAIL: 'prenotazioni@salone.example.com',
};

describe('npm run config:push refuses to send a local or half-configured auth to a hosted project', () => {
  const folder = mkdtempSync(join(tmpdir(), 'passaparola-supabase-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('accepts a salon address with its SMTP server', () => {
    expect(hostedConfigProblems(ready)).toEqual([]);
  });

  it('refuses a missing, local or plain-http site URL, and local redirect addresses', () => {
    expect(hostedConfigProblems({ ...ready, SITE_URL: undefined })).toEqual([
      expect.stringContaining('SITE_URL is not set'),
    ]);
    expect(hostedConfigProblems({ ...ready, SITE_URL: 'https://localhost:54321' })).toEqual([
      expect.stringContaining('local address'),
    ]);
    expect(hostedConfigProblems({ ...ready, SITE_URL: 'http://salone.example.com' })).toEqual([
      expect.stringContaining('https://'),
    ]);
    expect(
      hostedConfigProblems({
        ...ready,
        ADDITIONAL_REDIRECT_URLS: 'https://a.example.com/**,http://127.0.0.1:54321/**',
      }),
    ).toEqual([expect.stringContaining('http://127.0.0.1:54321/**')]);
  });

  it('refuses to leave the hosted project on its built-in mailer, or SMTP half set', () => {
    expect(hostedConfigProblems({ ...ready, SMTP_ENABLED: undefined })).toEqual([
      expect.stringContaining('SMTP_ENABLED'),
    ]);
    expect(hostedConfigProblems({ ...ready, SMTP_PASS: '' })).toEqual(['SMTP_PASS is not set.']);
  });

  it('reads supabase/.env.production as the CLI does, the shell first, never the local values', () => {
    writeFileSync(join(folder, '.env.localhost'), 'SITE_URL=http://localhost:54321\n');
    writeFileSync(
      join(folder, '.env.production'),
      'SITE_URL=https://da-file.example.com\nSMTP_HOST="smtp.example.com"\n',
    );
    const fromFile = productionEnvironment(folder, {});
    expect(fromFile.SITE_URL).toBe('https://da-file.example.com');
    expect(fromFile.SMTP_HOST).toBe('smtp.example.com');
    expect(productionEnvironment(folder, { SITE_URL: 'https://shell.example.com' }).SITE_URL).toBe(
      'https://shell.example.com',
    );
  });
});
