import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { breakableLabel, splitForPhone, type AreaNavItem } from '@/components/layouts/area-nav-items';
import { MoreSheet } from '@/components/layouts/more-sheet';
import { NavBadge } from '@/components/layouts/nav-badge';
import { areaTexts } from '@/lib/area-texts';
import { cx } from 'class-variance-authority';

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
  'flex items-center rounded-xl font-semibold no-underline transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
/** One cell of the phone's bottom bar: icon over a label that shrinks with the screen, never cut. */
const barItemClass = cx(
  itemClass,
  'relative min-h-14 min-w-0 flex-col justify-center gap-1 px-0.5 py-1.5 text-center text-[clamp(10px,3vw,12px)] leading-tight',
);
const sideItemClass = cx(
  itemClass,
  'relative min-h-11 gap-2.5 px-2.5 text-[15px] md:gap-3 md:px-3 md:text-base',
);
const linkState = ({ isActive }: { isActive: boolean }) =>
  isActive
    ? 'bg-accent text-accent-foreground'
    : 'text-muted-foreground hover:bg-muted hover:text-foreground';

/**
 * An area's frame. Phones (below 480 px): content above a fixed bottom bar of at most five items,
 * the rest and 'Esci' in the 'Altro' sheet. Wider: a side bar with every screen, 'Esci' last.
 */
export function AreaLayout({ areaName, subtitle, items, onSignOut, signingOut, children }: AreaLayoutProps) {
  const { bar, more } = splitForPhone(items);
  const signOutButton = (className: string) => (
    <button type="button" onClick={onSignOut} disabled={signingOut} className={cx(className, 'w-full')}>
      <LogOut aria-hidden="true" className="size-5 shrink-0" />
      <span>{areaTexts.nav.signOut}</span>
    </button>
  );
  return (
    <div className="min-h-dvh nav:grid nav:grid-cols-[11.5rem_minmax(0,1fr)] md:grid-cols-[15rem_minmax(0,1fr)]">
      <nav
        aria-label={areaTexts.nav.main}
        className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur nav:sticky nav:top-0 nav:flex nav:h-dvh nav:flex-col nav:overflow-y-auto nav:border-t-0 nav:border-r nav:bg-card nav:pb-0"
      >
        <div className="hidden px-4 pt-6 pb-4 nav:block">
          <BrandMark />
          <p className="mt-3 text-sm font-semibold text-accent-foreground">{areaName}</p>
          {subtitle ? (
            <p className="truncate text-sm text-muted-foreground" title={subtitle}>
              {subtitle}
            </p>
          ) : null}
        </div>
        <ul className="grid auto-cols-fr grid-flow-col nav:hidden">
          {bar.map(({ href, label, icon: Icon, badge }) => (
            <li key={href} className="min-w-0">
              <NavLink to={href} className={(state) => cx(barItemClass, linkState(state))}>
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                <span aria-hidden="true" className="max-w-full break-words">
                  {breakableLabel(label)}
                </span>
                <span className="sr-only">{label}</span>
                <NavBadge count={badge} />
              </NavLink>
            </li>
          ))}
          <li className="min-w-0">
            {more ? (
              <MoreSheet
                items={more}
                onSignOut={onSignOut}
                signingOut={signingOut}
                triggerClassName={barItemClass}
              />
            ) : (
              signOutButton(cx(barItemClass, 'text-muted-foreground hover:bg-muted hover:text-foreground'))
            )}
          </li>
        </ul>
        <ul className="hidden nav:flex nav:flex-1 nav:flex-col nav:gap-1 nav:px-2 md:px-3">
          {items.map(({ href, label, icon: Icon, badge }) => (
            <li key={href}>
              <NavLink to={href} className={(state) => cx(sideItemClass, linkState(state))}>
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                <span className="min-w-0 break-words">{label}</span>
                <NavBadge count={badge} />
              </NavLink>
            </li>
          ))}
          <li className="mt-auto pt-2 pb-4">
            {signOutButton(cx(sideItemClass, 'text-muted-foreground hover:bg-muted hover:text-foreground'))}
          </li>
        </ul>
      </nav>
      <div className="flex min-w-0 flex-col nav:col-start-2 nav:row-start-1">
        <header className="flex items-center gap-3 border-b border-border bg-card px-4 py-3 nav:hidden">
          <BrandMark showName={false} className="[&>span]:size-9 [&>span]:text-lg" />
          <div className="min-w-0">
            <p className="font-display text-lg leading-tight font-semibold break-words">{areaName}</p>
            {subtitle ? (
              <p className="truncate text-sm text-muted-foreground" title={subtitle}>
                {subtitle}
              </p>
            ) : null}
          </div>
        </header>
        <main className="mx-auto w-full max-w-4xl min-w-0 flex-1 px-4 pt-6 pb-28 nav:px-5 nav:pt-8 nav:pb-10 md:px-8 md:pt-10">
          {children}
        </main>
      </div>
    </div>
  );
}
