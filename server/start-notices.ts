import { isLoopback } from './auth/redirect.ts';
import { apiUrlOf, siteUrlOf } from './auth/settings.ts';
import type { ServerConfig } from './config.ts';

/** The SPA's sign-in page for the platform admin (paths.adminLogin in src/config/paths.ts). */
export const adminLoginPath = '/admin';

export interface StartFacts {
  /** The local mailbox's address, when e-mails land there instead of going out over SMTP. */
  mailboxUrl?: string;
  /** Whether any account holds the platform-admin role. */
  platformAdmin: boolean;
}

const unbracketed = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/**
 * What the operator must know at start: where the platform admin signs in (and how to make one),
 * where the mailbox is, and, on a server others can reach, what is not set up for real use.
 */
export function startNotices(
  facts: StartFacts,
  config: ServerConfig,
): { info: string[]; warnings: string[] } {
  const info = [`Platform admin signs in at ${siteUrlOf(config).replace(/\/+$/, '')}${adminLoginPath}`];
  if (!facts.platformAdmin) {
    info.push(
      'No platform admin yet: stop the server and start it again with ADMIN_EMAIL and ADMIN_PASSWORD,',
      '  e.g. ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=a-long-password npm start',
      '  (an existing account with that e-mail becomes the admin, with that password).',
    );
  }
  const warnings: string[] = [];
  const exposed = !isLoopback(unbracketed(config.host));
  if (facts.mailboxUrl) {
    info.push(`Mailbox (e-mails land here, they are not delivered): ${facts.mailboxUrl} (this machine only)`);
    if (exposed) {
      warnings.push(
        `E-MAILS ARE NOT BEING DELIVERED. HOST is ${config.host}, yet SMTP_URL is not set: sign-up,`,
        `password-reset and sign-in e-mails only reach the local mailbox at ${facts.mailboxUrl}.`,
        'Set SMTP_URL (smtp://user:password@host:587) before anyone else uses this server.',
      );
    }
  }
  const links = apiUrlOf(config);
  if (exposed && isLoopback(unbracketed(new URL(links).hostname))) {
    warnings.push(
      `E-mailed links point to ${links} and redirect to ${siteUrlOf(config)}:`,
      'set SITE_URL (and API_EXTERNAL_URL if the API has its own address) to the public address.',
    );
  }
  return { info, warnings };
}
