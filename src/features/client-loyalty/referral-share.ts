import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { fill } from '@/lib/texts';

const t = clientLoyaltyTexts.presenta;

/** The personal link of spec §2: {origin}/{merchantSlug}/register?ref={clientCode}. */
export function referralLink(origin: string, merchantSlug: string, clientCode: string): string {
  const base = origin.replace(/\/+$/, '');
  return `${base}/${encodeURIComponent(merchantSlug)}/register?ref=${encodeURIComponent(clientCode)}`;
}

export interface ReferralShare {
  title: string;
  /** The whole message, link included: what the share sheet, the clipboard and WhatsApp receive. */
  text: string;
  url: string;
}

/** The invitation a customer sends to a friend. */
export function referralShare(merchantName: string, link: string): ReferralShare {
  return {
    title: fill(t.shareTitle, { merchant: merchantName }),
    text: fill(t.shareText, { merchant: merchantName, link }),
    url: link,
  };
}
