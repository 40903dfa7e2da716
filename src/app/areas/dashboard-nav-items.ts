import {
  ArrowLeftRight,
  CalendarCheck,
  CalendarDays,
  ChartColumn,
  Network,
  Percent,
  Receipt,
  Settings,
  UserPlus,
  Users,
} from 'lucide-react';
import type { AreaNavItem } from '@/components/layouts/area-nav-items';
import { paths } from '@/config/paths';
import { areaTexts } from '@/lib/area-texts';

const t = areaTexts.dashboard;
const d = paths.dashboard;

/** The salon's screens in the area's navigation (the area and the frame painted before it). */
export const dashboardNavItems: AreaNavItem[] = [
  { href: d.registrazioni.href(), label: t.registrazioni.label, primary: true, icon: Receipt },
  { href: d.movimenti.href(), label: t.movimenti.label, primary: true, icon: ArrowLeftRight },
  { href: d.clienti.href(), label: t.clienti.label, icon: Users },
  { href: d.prenotazioni.href(), label: t.prenotazioni.label, primary: true, icon: CalendarCheck },
  { href: d.agenda.href(), label: t.agenda.label, primary: true, icon: CalendarDays },
  { href: d.percentuali.href(), label: t.percentuali.label, icon: Percent },
  { href: d.statistiche.href(), label: t.statistiche.label, icon: ChartColumn },
  { href: d.struttura.href(), label: t.struttura.label, icon: Network },
  { href: d.impostazioni.href(), label: t.impostazioni.label, icon: Settings },
  { href: d.invita.href(), label: t.invita.label, icon: UserPlus },
];
