import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { formatMoney } from '@/lib/format';

/** A client's credit as the salon's screens show it: "—" for an erased client, who has none. */
export function shownCredit(credit: number | null): string {
  return credit === null ? merchantLoyaltyTexts.common.noValue : formatMoney(credit);
}
