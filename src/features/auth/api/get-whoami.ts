import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { callRpc } from '@/lib/rpc';

export const whoamiSchema = z.object({
  user_id: z.nullable(z.string()),
  email: z.nullable(z.string()),
  is_platform_admin: z.boolean(),
  merchant: z.nullable(z.object({ id: z.string(), slug: z.string(), name: z.string() })),
  clients: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      merchant_slug: z.string(),
      merchant_name: z.string(),
      merchant_logo_url: z.nullish(z.string()),
      name: z.string(),
    }),
  ),
});

export type Whoami = z.infer<typeof whoamiSchema>;
export type WhoamiClient = Whoami['clients'][number];

/** Who is signed in and in which roles: the source of login role checks and route guards. */
export async function getWhoami(): Promise<Whoami> {
  return whoamiSchema.parse(await callRpc<unknown>('whoami'));
}

export const whoamiQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'whoami'], queryFn: getWhoami, staleTime: 5 * 60_000 });

export function useWhoami() {
  return useQuery(whoamiQueryOptions());
}
