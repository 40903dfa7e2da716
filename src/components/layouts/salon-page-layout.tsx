import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { paths } from '@/config/paths';

/** The registration card's id: 'Prenota' and the phone's shortcut lead there. */
export const registrationFormId = 'registrazione';

/**
 * A salon's public page: the salon, then its registration card; side by side on a wide screen.
 */
export function SalonPageLayout({ salon, children }: { salon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-5 pt-6">
        <Link
          to={paths.home.href()}
          className="rounded-xl no-underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          <BrandMark />
        </Link>
      </header>
      <main className="mx-auto grid w-full max-w-5xl flex-1 gap-8 px-5 pt-6 pb-10 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start">
        <div className="min-w-0">{salon}</div>
        <div
          id={registrationFormId}
          tabIndex={-1}
          className="scroll-mt-6 rounded-3xl border border-border bg-card p-6 shadow-lg shadow-primary/5 outline-none sm:p-8"
        >
          {children}
        </div>
      </main>
    </div>
  );
}
