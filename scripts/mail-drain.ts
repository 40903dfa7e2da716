// npm run mail:drain: sends the due e-mails and phone notifications of app.notification_outbox once and
// exits; a hosted deployment runs it on a schedule (cron, a scheduled worker) against the project's
// database, with the VAPID keys the SPA's public key belongs to (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY).
import { resolveAuthSettings, siteUrlOf, smtpOptionsOf } from '../server/auth/settings.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { createMailer } from '../server/mail/mailer.ts';
import { drainOutbox } from '../server/mail/outbox-drainer.ts';
import { resolveVapidKeys } from '../server/push/vapid-keys.ts';

try {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'DATABASE_URL is required: the database whose outbox to drain (with PGlite, the server drains it itself)',
    );
  }
  const smtp = smtpOptionsOf(config);
  if (!config.smtpUrl && !smtp) {
    throw new ConfigError(
      'SMTP_URL (or SMTP_ENABLED=true and the SMTP_* variables) is required to send e-mail',
    );
  }
  // Without the pair, phone notifications fail and are retried: the e-mails still go.
  const vapid = config.vapid?.publicKey
    ? resolveVapidKeys(config.vapid, undefined, siteUrlOf(config))
    : undefined;
  const db = await openPostgres(config.databaseUrl);
  try {
    const auth = resolveAuthSettings(config);
    const result = await drainOutbox(db, createMailer({ smtpUrl: config.smtpUrl, smtp }), {
      sender: { Name: auth.senderName, Address: auth.senderAddress },
      siteUrl: siteUrlOf(config),
      push: vapid ? { vapid } : undefined,
    });
    console.log(`E-mail outbox: ${result.sent} sent, ${result.failed} failed (retried later)`);
    if (result.failed > 0) process.exitCode = 2;
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
