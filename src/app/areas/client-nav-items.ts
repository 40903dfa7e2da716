import { CalendarPlus, Network, ShoppingBag, UserPlus, UserRound, Wallet } from 'lucide-react';
import type { AreaNavItem } from '@/components/layouts/area-nav-items';
import { paths } from '@/config/paths';
import { areaTexts } from '@/lib/area-texts';

const t = areaTexts.client;

/** The customer's screens in the area's navigation (the area and the frame painted before it). */
export const clientNavItems: AreaNavItem[] = [
  { href: paths.client.profile.href(), label: t.profile.label, icon: UserRound },
  { href: paths.client.acquisti.href(), label: t.acquisti.label, primary: true, icon: ShoppingBag },
  { href: paths.client.presenta.href(), label: t.presenta.label, primary: true, icon: UserPlus },
  { href: paths.client.crediti.href(), label: t.crediti.label, primary: true, icon: Wallet },
  { href: paths.client.struttura.href(), label: t.struttura.label, icon: Network },
  { href: paths.client.prenota.href(), label: t.prenota.label, primary: true, icon: CalendarPlus },
];
