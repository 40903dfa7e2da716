/**
 * The <head> of a salon's public page (/{merchantSlug}): its title, description, Open Graph card and
 * schema.org BeautySalon, so a shared link shows the salon and search engines read it. The SPA takes
 * over in the browser; this is what link previews and crawlers see.
 */

/** What api.salon_public_page returns that the head uses. */
export interface SalonPage {
  slug: string;
  name: string;
  logo_url?: string | null;
  address?: string | null;
  phone: string;
  opening_hours: { weekday: number; opens: string; closes: string }[];
  treatments: { name: string }[];
}

const schemaDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Text safe in an element's content and in a double- or single-quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** JSON that cannot close its <script> element or open a comment in it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** The page's one-line description: where the salon is and what it offers. */
export function salonDescription(salon: SalonPage): string {
  const where = salon.address ? ` in ${salon.address}` : '';
  const offers = salon.treatments
    .slice(0, 3)
    .map((treatment) => treatment.name)
    .join(', ');
  const more = salon.treatments.length > 3 ? ' e altri' : '';
  return offers
    ? `${salon.name}${where}: ${offers}${more}. Orari, prezzi e prenotazione online.`
    : `${salon.name}${where}: orari, trattamenti e prenotazione online.`;
}

/** The tags that replace index.html's generic title and description. */
export function salonHead(salon: SalonPage, origins: { site: string; api: string }): string {
  const url = `${origins.site}/${encodeURIComponent(salon.slug)}`;
  const image = salon.logo_url
    ? `${origins.api}/storage/v1/object/public/loghi/${encodeURIComponent(salon.logo_url)}`
    : null;
  const title = `${salon.name} · Passaparola`;
  const description = salonDescription(salon);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BeautySalon',
    name: salon.name,
    url,
    telephone: salon.phone,
    ...(image ? { image } : {}),
    ...(salon.address ? { address: salon.address } : {}),
    openingHoursSpecification: salon.opening_hours.map((range) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${schemaDays[range.weekday - 1]}`,
      opens: range.opens,
      closes: range.closes,
    })),
  };
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Passaparola'),
    meta('property', 'og:locale', 'it_IT'),
    meta('property', 'og:title', salon.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', 'summary'),
    `<script type="application/ld+json">${scriptSafeJson(jsonLd)}</script>`,
  ].join('\n    ');
}

/** index.html with the salon's head in place of its generic <title> and description. */
export function withSalonHead(indexHtml: string, head: string): string {
  return indexHtml
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
    .replace('</head>', () => `  ${head}\n  </head>`);
}
