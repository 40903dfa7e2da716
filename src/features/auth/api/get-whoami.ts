import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRpc } from '@/lib/rpc';
import { whoamiSchema, type Whoami } from '@/lib/whoami';

/** Who is signed in and in which roles: the source of login role checks and route guards. */
export async function getWhoami(): Promise<Whoami> {
  return whoamiSchema.parse(await callRpc('whoami'));
}

export const whoamiQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'whoami'], queryFn: getWhoami, staleTime: 5 * 60_000 });

export function useWhoami() {
  return useQuery(whoamiQueryOptions());
}
