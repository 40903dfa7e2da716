import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { formatMoney } from '@/lib/format';

const reasons: Record<string, string> = clientLoyaltyTexts.crediti.reasons;

/**
 * The Italian name of a ledger entry's reason ('purchase', 'generation1'..'generation3', 'redemption',
 * 'reversal', 'adjustment', 'first_visit_reward'); an entry the database names itself reads as it says
 * ('Storno acquisto del dd-mm-yyyy', 'Premio per la prima visita di Giulia').
 */
export function ledgerReasonLabel(reason: string, databaseLabel?: string | null): string {
  if (databaseLabel) return databaseLabel;
  return reasons[reason] ?? clientLoyaltyTexts.crediti.unknownReason;
}

/** '+€ 5,00' for credit gained, '−€ 5,00' for credit spent: the amount as the database gave it. */
export function signedMoney(amount: number | string): string {
  const formatted = formatMoney(amount);
  if (formatted.startsWith('-')) return `−${formatted.slice(1)}`;
  return formatted === '€ 0,00' ? formatted : `+${formatted}`;
}

/** Whether a ledger amount takes credit away (a redemption). */
export function isDebit(amount: number | string): boolean {
  return formatMoney(amount).startsWith('-');
}
