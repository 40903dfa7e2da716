import { paths } from '@/config/paths';

/** The slug the database derives from a name (spec §5): lowercased, only a-z and 0-9 kept. */
export function slugPreview(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[^a-z0-9]/g, '');
}

/** Where a merchant's customers register, where the merchant signs in, and the QR code's default target. */
export function merchantLinks(origin: string, slug: string) {
  return {
    registration: `${origin}${paths.clientRegister.href(slug)}`,
    login: `${origin}${paths.merchantLogin.href(slug)}`,
    qrDefault: `${origin}${paths.clientRegistration.href(slug)}`,
  };
}

/** The QR code's target: the typed address when there is one, else the site's origin and the merchant's slug. */
export function qrTarget(origin: string, slug: string, customAddress: string): string {
  return customAddress.trim() || merchantLinks(origin, slug).qrDefault;
}

/** The downloaded file's name (spec §9). */
export function qrFileName(slug: string): string {
  return `qrcode_${slug}.png`;
}
