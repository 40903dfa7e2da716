import { describe, expect, it } from 'vitest';
import { resolveEnv } from '@/config/env-schema';

const origin = 'http://localhost:54321';

describe('the password minimum reaches the SPA', () => {
  it('from /config.js, which server/ writes from config.toml', () => {
    const env = resolveEnv({}, { supabaseAnonKey: 'anon', minimumPasswordLength: 12 }, origin);
    expect(env.minimumPasswordLength).toBe(12);
  });

  it('from VITE_MINIMUM_PASSWORD_LENGTH in a hosted build, else GoTrue’s default 6', () => {
    const hosted = { VITE_SUPABASE_URL: 'https://x.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon' };
    expect(
      resolveEnv({ ...hosted, VITE_MINIMUM_PASSWORD_LENGTH: '10' }, undefined, origin).minimumPasswordLength,
    ).toBe(10);
    expect(resolveEnv(hosted, undefined, origin).minimumPasswordLength).toBe(6);
  });
});

describe('a static host in front of a hosted project', () => {
  it('takes the project URL and anon key from its own /config.js, not the page origin', () => {
    const env = resolveEnv(
      {},
      { supabaseUrl: 'https://abcdefghijklmnopqrst.supabase.co', supabaseAnonKey: 'anon-hosted' },
      'https://prenota.salone.example.com',
    );
    expect(env.supabaseUrl).toBe('https://abcdefghijklmnopqrst.supabase.co');
    expect(env.supabaseAnonKey).toBe('anon-hosted');
  });

  it('refuses a config.js whose project URL is not a URL, falling back to the build variables', () => {
    expect(() => resolveEnv({}, { supabaseUrl: 'progetto', supabaseAnonKey: 'anon' }, origin)).toThrow(
      'Configurazione mancante',
    );
  });
});
