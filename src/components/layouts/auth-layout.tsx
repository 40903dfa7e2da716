import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { paths } from '@/config/paths';
import { fill, texts } from '@/lib/texts';
import { imageUrl } from '@/lib/image-url';

interface AuthLayoutProps {
  children: ReactNode;
  /** The salon whose page this is: its name, and its logo when it has one. */
  merchant?: { name: string; logo_url?: string | null } | null;
}

/** Sign-in, registration and recovery screens: one centred card on the salon's colours. */
export function AuthLayout({ children, merchant }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]">
      <header className="mx-auto flex w-full max-w-md items-center justify-between px-5 pt-6">
        <Link
          to={paths.home.href()}
          className="rounded-xl no-underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          <BrandMark />
        </Link>
      </header>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col gap-6 px-5 pt-6 pb-10">
        {merchant ? (
          <div className="flex flex-col items-center gap-3 text-center">
            {merchant.logo_url ? (
              <img
                src={imageUrl('loghi', merchant.logo_url) ?? undefined}
                alt={fill(texts.registration.logoAlt, { merchant: merchant.name })}
                height={112}
                // The painted login's largest paint: asked for first (server/ preloads it from the <head>).
                fetchPriority="high"
                // Its height held before it loads, as on the salon's page: nothing below moves when it arrives.
                className="h-28 w-auto max-w-[14rem] rounded-2xl object-contain"
              />
            ) : null}
            <p className="font-display text-2xl font-semibold text-accent-foreground">{merchant.name}</p>
          </div>
        ) : null}
        <div className="rounded-3xl border border-border bg-card p-6 shadow-lg shadow-primary/5 sm:p-8">
          {children}
        </div>
      </main>
    </div>
  );
}
