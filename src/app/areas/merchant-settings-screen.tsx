import { SettingsScreen } from '@/features/booking-merchant/components/settings-screen/settings-screen';
import { ReversalWindowCard } from '@/features/merchant-loyalty/components/reversal-window-card';

/** Impostazioni, with the loyalty rule that belongs among the salon's rules: the storno window. */
export function MerchantSettingsScreen() {
  return <SettingsScreen salonRules={<ReversalWindowCard />} />;
}
