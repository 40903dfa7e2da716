import { isLoopback } from './auth/redirect.ts';
import { apiUrlOf, siteUrlOf } from './auth/settings.ts';
import type { ServerConfig } from './config.ts';
import type { RunningServer } from './start.ts';

/** What the operator must know at start: where the mailbox is, and what is not set up for real use. */
export function startNotices(
  server: RunningServer,
  config: ServerConfig,
): { info: string[]; warnings: string[] } {
  const info: string[] = [];
  const warnings: string[] = [];
  const exposed = !isLoopback(config.host.replace(/^\[(.*)\]$/, '$1'));
  if (server.mailbox) {
    info.push(
      `Mailbox (e-mails land here, they are not delivered): ${server.mailbox.url} (this machine only)`,
    );
    if (exposed) {
      warnings.push(
        `E-MAILS ARE NOT BEING DELIVERED. HOST is ${config.host}, yet SMTP_URL is not set: sign-up,`,
        `password-reset and sign-in e-mails only reach the local mailbox at ${server.mailbox.url}.`,
        'Set SMTP_URL (smtp://user:password@host:587) before anyone else uses this server.',
      );
    }
  }
  const links = apiUrlOf(config);
  if (exposed && isLoopback(new URL(links).hostname.replace(/^\[(.*)\]$/, '$1'))) {
    warnings.push(
      `E-mailed links point to ${links} and redirect to ${siteUrlOf(config)}:`,
      'set SITE_URL (and API_EXTERNAL_URL if the API has its own address) to the public address.',
    );
  }
  return { info, warnings };
}
