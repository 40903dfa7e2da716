import { paths } from '@/config/paths';
import { inviteKitTexts } from '@/features/invite-kit/texts';
import { fill } from '@/lib/texts';

/** The salon's registration address of spec §2, {origin}/{merchantSlug}: what its link and QR open. */
export function joinLink(origin: string, merchantSlug: string): string {
  return `${origin.replace(/\/+$/, '')}${paths.clientRegistration.href(merchantSlug)}`;
}

/** The message the salon sends with its link. */
export function joinMessage(merchantName: string, link: string): string {
  return fill(inviteKitTexts.shareText, { merchant: merchantName, link });
}

/** The file a downloaded QR is saved as: invito_{slug}.svg or .png. */
export function qrFileName(merchantSlug: string, extension: 'svg' | 'png'): string {
  return `invito_${merchantSlug}.${extension}`;
}
