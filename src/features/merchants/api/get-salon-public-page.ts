import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getMerchantPublicInputSchema } from '@/features/merchants/api/get-merchant-public';
import { paths } from '@/config/paths';
import { callRpc } from '@/lib/rpc';

const hoursSchema = z.object({ weekday: z.number(), opens: z.string(), closes: z.string() });

export const salonPublicPageSchema = z.nullable(
  z.object({
    slug: z.string(),
    name: z.string(),
    logo_url: z.nullish(z.string()),
    address: z.nullish(z.string()),
    phone: z.string(),
    opening_hours: z.array(hoursSchema),
    closures: z.array(z.object({ day: z.string(), reason: z.nullish(z.string()) })),
    treatments: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        duration_minutes: z.number(),
        price: z.number(),
      }),
    ),
    operators: z.array(z.object({ name: z.string(), image_url: z.nullish(z.string()) })),
  }),
);

export type SalonPublicPage = NonNullable<z.infer<typeof salonPublicPageSchema>>;
export type SalonTreatment = SalonPublicPage['treatments'][number];
export type OpeningHours = z.infer<typeof hoursSchema>;

/** A salon's public page (its face, contacts, hours, treatments, staff) for anyone; null when no salon has that slug. */
export async function getSalonPublicPage(merchantSlug: string): Promise<SalonPublicPage | null> {
  const input = getMerchantPublicInputSchema.parse({ merchantSlug });
  return salonPublicPageSchema.parse(
    await callRpc('salon_public_page', { merchant_slug: input.merchantSlug }),
  );
}

export const salonPublicPageQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: ['merchants', 'public-page', merchantSlug],
    queryFn: () => getSalonPublicPage(merchantSlug),
    staleTime: 5 * 60_000,
  });

export function useSalonPublicPage(merchantSlug: string) {
  return useQuery(salonPublicPageQueryOptions(merchantSlug));
}

/** The data block server/ paints /{slug} from (server/spa/salon-body.ts): absent on a static host. */
const prerenderedDataId = 'salon-page-data';

/**
 * The salon's page the server painted the document with, put in the cache before the first render:
 * the app renders what is already on the screen instead of a loading screen and a second request.
 * True when the document holds the page of the path it was opened at.
 */
export function seedPrerenderedSalonPage(client: QueryClient): boolean {
  const text = document.getElementById(prerenderedDataId)?.textContent;
  if (!text) return false;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return false;
  }
  const page = salonPublicPageSchema.safeParse(json);
  if (!page.success || !page.data) return false;
  // The service worker may give this document to another path when offline: only its own is painted.
  const own = [paths.clientRegistration.href(page.data.slug), paths.clientRegister.href(page.data.slug)];
  if (!own.includes(window.location.pathname.replace(/(.)\/$/, '$1'))) return false;
  client.setQueryData(salonPublicPageQueryOptions(page.data.slug).queryKey, page.data);
  return true;
}
