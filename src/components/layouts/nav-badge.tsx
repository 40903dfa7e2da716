import { areaTexts } from '@/lib/area-texts';
import { plural } from '@/lib/texts';

/** A small count over a navigation icon (pending reservations); nothing when there is nothing to count. */
export function NavBadge({ count }: { count?: number }) {
  if (!count || count <= 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <span className="absolute -top-1.5 left-1/2 ml-1 min-w-5 rounded-full bg-primary px-1 text-center text-[11px] leading-5 font-bold text-primary-foreground nav:static nav:ml-auto">
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{plural(count, areaTexts.nav.pending, shown)}</span>
    </span>
  );
}
