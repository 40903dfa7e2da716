import { paths } from '@/config/paths';
import type { Whoami } from '@/lib/whoami';

export type Role = 'admin' | 'merchant' | 'client';

/** The area an account belongs to; an admin or merchant login wins over a client record. */
export function roleOf(whoami: Whoami | undefined): Role | null {
  if (!whoami?.user_id) return null;
  if (whoami.is_platform_admin) return 'admin';
  if (whoami.merchant) return 'merchant';
  if (whoami.clients.length > 0) return 'client';
  return null;
}

/** Where each role lands after signing in. */
export const areaHome: Record<Role, string> = {
  admin: paths.admin.merchants.href(),
  merchant: paths.dashboard.registrazioni.href(),
  client: paths.client.profile.href(),
};
