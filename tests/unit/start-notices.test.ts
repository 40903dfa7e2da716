import { describe, expect, it } from 'vitest';
import { paths } from '../../src/config/paths.ts';
import { loadConfig } from '../../server/config.ts';
import { adminLoginPath, startNotices } from '../../server/start-notices.ts';

const mailboxUrl = 'http://127.0.0.1:54324';
const text = (lines: string[]) => lines.join('\n');

describe('what the server prints at start', () => {
  it('names the SPA page where the platform admin signs in', () => {
    expect(adminLoginPath).toBe(paths.adminLogin.href());
    const local = startNotices(
      { platformAdmin: true },
      { ...loadConfig({}), siteUrl: 'http://localhost:54321' },
    );
    expect(local.info[0]).toBe('Platform admin signs in at http://localhost:54321/admin');

    const live = startNotices(
      { platformAdmin: true },
      loadConfig({ SITE_URL: 'https://prenota.example.com/' }),
    );
    expect(live.info[0]).toBe('Platform admin signs in at https://prenota.example.com/admin');
  });

  it('says how to make the platform admin only while there is none', () => {
    const none = startNotices({ platformAdmin: false }, loadConfig({}));
    expect(text(none.info)).toContain('No platform admin yet');
    expect(text(none.info)).toMatch(/ADMIN_EMAIL=\S+ ADMIN_PASSWORD=\S+ npm start/);

    const present = startNotices({ platformAdmin: true }, loadConfig({}));
    expect(text(present.info)).not.toContain('ADMIN_EMAIL');
  });

  it('is quiet on a local try-out: it listens on loopback by default and raises no alarm', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    const notices = startNotices({ mailboxUrl, platformAdmin: false }, config);
    expect(text(notices.info)).toContain(
      `Mailbox (e-mails land here, they are not delivered): ${mailboxUrl}`,
    );
    expect(notices.warnings).toEqual([]);
    expect(startNotices({ mailboxUrl, platformAdmin: false }, loadConfig({ HOST: '::1' })).warnings).toEqual(
      [],
    );
  });

  it('warns a server reachable from the network that e-mails stay in the mailbox and links point home', () => {
    const notices = startNotices({ mailboxUrl, platformAdmin: true }, loadConfig({ HOST: '0.0.0.0' }));
    expect(text(notices.warnings)).toContain('E-MAILS ARE NOT BEING DELIVERED');
    expect(text(notices.warnings)).toContain('SMTP_URL');
    expect(text(notices.warnings)).toContain('set SITE_URL');
  });

  it('has nothing to warn a reachable server about once SMTP and SITE_URL are set', () => {
    const config = loadConfig({ HOST: '0.0.0.0', SITE_URL: 'https://prenota.example.com' });
    expect(startNotices({ platformAdmin: true }, config).warnings).toEqual([]);
  });
});
