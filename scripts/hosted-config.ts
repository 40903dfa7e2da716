import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLoopback } from '../server/auth/redirect.ts';

/**
 * The environment `supabase config push` will see with SUPABASE_ENV=production: the shell's variables
 * first, then supabase/.env.production.local, .env.local, .env.production and .env, as the CLI loads them.
 */
export function productionEnvironment(supabaseDir: string, shell: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const environment = { ...shell };
  for (const file of ['.env.production.local', '.env.local', '.env.production', '.env']) {
    const path = join(supabaseDir, file);
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
      if (match && environment[match[1]!] === undefined)
        environment[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
    }
  }
  return environment;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url.replace(/\*+/g, 'x')).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return undefined;
  }
}

/** What would make `supabase config push` send a local or half-configured auth to a hosted project. */
export function hostedConfigProblems(environment: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const siteUrl = environment.SITE_URL;
  if (!siteUrl) problems.push('SITE_URL is not set: the salon address e-mailed links lead to.');
  else if (!siteUrl.startsWith('https://') || !hostOf(siteUrl))
    problems.push(`SITE_URL must be an https:// address, not ${siteUrl}.`);
  else if (isLoopback(hostOf(siteUrl)!)) problems.push(`SITE_URL is a local address: ${siteUrl}.`);
  for (const pattern of (environment.ADDITIONAL_REDIRECT_URLS ?? '').split(',').filter(Boolean)) {
    const host = hostOf(pattern.trim());
    if (host && isLoopback(host))
      problems.push(`ADDITIONAL_REDIRECT_URLS holds a local address: ${pattern.trim()}.`);
  }
  if (environment.SMTP_ENABLED !== 'true') {
    problems.push("SMTP_ENABLED is not 'true': a hosted project's own mailer only writes to the team.");
  } else {
    for (const name of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS', 'SMTP_ADMIN_EMAIL'])
      if (!environment[name]) problems.push(`${name} is not set.`);
  }
  return problems;
}
