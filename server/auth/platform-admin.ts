import type { Database } from '../db/port.ts';
import { hashPassword, passwordMatches } from './passwords.ts';
import { confirmEmail, findUserByEmail, insertUser } from './users.ts';

/**
 * With ADMIN_EMAIL and ADMIN_PASSWORD set, makes sure that account exists with a confirmed e-mail
 * and that password, and holds the platform-admin role (app.platform_admins, once the app's
 * migrations have created it).
 */
export async function ensurePlatformAdmin(
  db: Database,
  admin: { email?: string; password?: string },
): Promise<void> {
  if (!admin.email || !admin.password) return;
  const email = admin.email.toLowerCase();
  const password = admin.password;
  const existing = await findUserByEmail(db, email);
  const passwordHash =
    existing && (await passwordMatches(password, existing.encrypted_password))
      ? undefined
      : await hashPassword(password);
  await db.transaction(async (tx) => {
    let userId = existing?.id;
    if (!userId) {
      const created = await insertUser(tx, {
        email,
        passwordHash: passwordHash!,
        confirmed: true,
        userMetadata: {},
      });
      userId = created.id;
    } else if (passwordHash) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
        userId,
        passwordHash,
      ]);
    }
    await confirmEmail(tx, userId);
    const { rows } = await tx.query<{ present: boolean }>(
      `select to_regclass('app.platform_admins') is not null as present`,
    );
    if (rows[0]?.present) {
      await tx.query(`insert into app.platform_admins (user_id) values ($1) on conflict do nothing`, [
        userId,
      ]);
    }
  });
}
