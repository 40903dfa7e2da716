import { Ellipsis, LogOut } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { NavBadge } from '@/components/layouts/nav-badge';
import type { AreaNavItem } from '@/components/layouts/area-nav-items';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { areaTexts } from '@/lib/area-texts';
import { cx } from 'class-variance-authority';

interface MoreSheetProps {
  items: AreaNavItem[];
  onSignOut: () => void;
  signingOut?: boolean;
  /** The bottom bar's look for the 'Altro' button, so it sits among the other items. */
  triggerClassName: string;
}

const rowClass =
  'flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-base font-semibold no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** 'Altro' in a phone's bottom bar: a sheet from the bottom edge with the area's other screens and 'Esci'. */
export function MoreSheet({ items, onSignOut, signingOut, triggerClassName }: MoreSheetProps) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const holdsCurrent = items.some((item) => pathname.startsWith(item.href));
  const pending = items.reduce((sum, item) => sum + (item.badge ?? 0), 0);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        className={cx(
          triggerClassName,
          'relative w-full',
          holdsCurrent ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted',
        )}
      >
        <Ellipsis aria-hidden="true" className="size-5 shrink-0" />
        <span>{areaTexts.nav.more}</span>
        <NavBadge count={pending} />
      </DialogTrigger>
      <DialogContent
        aria-describedby={undefined}
        className="top-auto bottom-0 left-0 w-full max-w-none translate-x-0 translate-y-0 gap-3 rounded-b-none px-4 pt-5 pb-[calc(1rem+env(safe-area-inset-bottom))]"
      >
        <DialogTitle className="pr-12">{areaTexts.nav.more}</DialogTitle>
        <nav aria-label={areaTexts.nav.more}>
          <ul className="grid gap-1">
            {items.map(({ href, label, icon: Icon, badge }) => (
              <li key={href}>
                <NavLink
                  to={href}
                  // In place of the sheet's own history entry, so Back from the screen returns to the one before.
                  replace
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    cx(
                      rowClass,
                      isActive ? 'bg-accent text-accent-foreground' : 'text-foreground hover:bg-muted',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  <span className="min-w-0 flex-1 truncate">{label}</span>
                  <NavBadge count={badge} />
                </NavLink>
              </li>
            ))}
            <li className="mt-2 border-t border-border pt-2">
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  onSignOut();
                }}
                disabled={signingOut}
                className={cx(rowClass, 'text-foreground hover:bg-muted')}
              >
                <LogOut aria-hidden="true" className="size-5 shrink-0" />
                <span>{areaTexts.nav.signOut}</span>
              </button>
            </li>
          </ul>
        </nav>
      </DialogContent>
    </Dialog>
  );
}
