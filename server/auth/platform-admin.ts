import type { Database, Queryable } from '../db/port.ts';
import { quoteQualified } from '../db/sql-names.ts';
import { hashPassword, passwordMatches } from './passwords.ts';
import { confirmEmail, findUserByEmail, insertUser } from './users.ts';

async function tableExists(db: Queryable, table: string): Promise<boolean> {
  const { rows } = await db.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [
    table,
  ]);
  return rows[0]?.present === true;
}

/**
 * With ADMIN_EMAIL and ADMIN_PASSWORD set, makes sure that account exists with a confirmed e-mail
 * and that password, and holds the platform-admin role (a row of `adminsTable`, once the app's
 * migrations have created it). An existing account that becomes admin or gets a new password starts
 * clean: its earlier sessions and refresh tokens are revoked, so none of them gains the new rights.
 */
export async function ensurePlatformAdmin(
  db: Database,
  admin: { email?: string; password?: string },
  adminsTable: string,
): Promise<void> {
  if (!admin.email || !admin.password) return;
  const email = admin.email.toLowerCase();
  const password = admin.password;
  const admins = quoteQualified(adminsTable);
  const existing = await findUserByEmail(db, email);
  const passwordHash =
    existing && (await passwordMatches(password, existing.encrypted_password))
      ? undefined
      : await hashPassword(password);
  await db.transaction(async (tx) => {
    const adminsExist = await tableExists(tx, adminsTable);
    let userId = existing?.id;
    if (!userId) {
      const created = await insertUser(tx, {
        email,
        passwordHash: passwordHash!,
        confirmed: true,
        userMetadata: {},
      });
      userId = created.id;
    } else {
      const promoted =
        adminsExist &&
        (await tx.query(`select 1 from ${admins} where user_id = $1`, [userId])).rows.length === 0;
      if (passwordHash) {
        await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
          userId,
          passwordHash,
        ]);
      }
      if (promoted || passwordHash) {
        await tx.query(`delete from auth.sessions where user_id = $1`, [userId]);
        await tx.query(
          `update auth.refresh_tokens set revoked = true, updated_at = now() where user_id = $1::text`,
          [userId],
        );
      }
    }
    await confirmEmail(tx, userId);
    if (adminsExist) {
      await tx.query(`insert into ${admins} (user_id) values ($1) on conflict do nothing`, [userId]);
    }
  });
}
