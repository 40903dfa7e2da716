import { LogOut, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { texts } from '@/lib/texts';
import { cn } from '@/lib/utils';

export interface AreaNavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

interface AreaLayoutProps {
  /** 'Area clienti', 'Gestione centro', 'Amministrazione'. */
  areaName: string;
  /** Who is signed in, shown beside the brand on wide screens. */
  subtitle?: string | null;
  items: AreaNavItem[];
  onSignOut: () => void;
  signingOut?: boolean;
  children: ReactNode;
}

const itemClass =
  'flex items-center gap-1 rounded-xl font-semibold no-underline transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * An area's frame. Phones (below 480 px): content above a fixed bottom bar of icons and labels,
 * scrolling sideways when an area has many screens. Wider: a side bar. 'Esci' is always last.
 */
export function AreaLayout({ areaName, subtitle, items, onSignOut, signingOut, children }: AreaLayoutProps) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the bar scrolls sideways: keep the current screen's item in sight.
  useEffect(() => {
    list.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div className="min-h-dvh nav:grid nav:grid-cols-[13rem_1fr] md:grid-cols-[15rem_1fr]">
      <nav
        aria-label={texts.nav.main}
        className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur nav:sticky nav:top-0 nav:flex nav:h-dvh nav:flex-col nav:border-t-0 nav:border-r nav:bg-card nav:pb-0"
      >
        <div className="hidden px-4 pt-6 pb-4 nav:block">
          <BrandMark />
          <p className="mt-3 text-sm font-semibold text-accent-foreground">{areaName}</p>
          {subtitle ? <p className="truncate text-sm text-muted-foreground">{subtitle}</p> : null}
        </div>
        <ul
          ref={list}
          className="flex overflow-x-auto nav:flex-1 nav:flex-col nav:gap-1 nav:overflow-y-auto nav:px-3"
        >
          {items.map(({ href, label, icon: Icon }) => (
            <li key={href} className="min-w-16 flex-[1_0_auto] nav:flex-none">
              <NavLink
                to={href}
                className={({ isActive }) =>
                  cn(
                    itemClass,
                    'min-h-14 flex-col justify-center px-2 py-1.5 text-center text-xs leading-tight whitespace-nowrap nav:min-h-11 nav:flex-row nav:justify-start nav:gap-3 nav:px-3 nav:text-left nav:text-base',
                    isActive
                      ? 'bg-accent text-accent-foreground'
                      : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
          <li className="min-w-16 flex-[1_0_auto] nav:mt-auto nav:flex-none nav:pb-4">
            <button
              type="button"
              onClick={onSignOut}
              disabled={signingOut}
              className={cn(
                itemClass,
                'min-h-14 w-full flex-col justify-center px-2 py-1.5 text-xs leading-tight whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground nav:min-h-11 nav:flex-row nav:justify-start nav:gap-3 nav:px-3 nav:text-base',
              )}
            >
              <LogOut aria-hidden="true" className="size-5 shrink-0" />
              <span>{texts.nav.signOut}</span>
            </button>
          </li>
        </ul>
      </nav>
      <div className="flex min-w-0 flex-col nav:row-start-1 nav:col-start-2">
        <header className="flex items-center gap-3 border-b border-border bg-card px-4 py-3 nav:hidden">
          <BrandMark showName={false} className="[&>span]:size-9 [&>span]:text-lg" />
          <div className="min-w-0">
            <p className="font-display text-lg leading-tight font-semibold">{areaName}</p>
            {subtitle ? <p className="truncate text-sm text-muted-foreground">{subtitle}</p> : null}
          </div>
        </header>
        <main className="mx-auto w-full max-w-4xl flex-1 px-4 pt-6 pb-28 nav:px-8 nav:pt-10 nav:pb-10">
          {children}
        </main>
      </div>
    </div>
  );
}
