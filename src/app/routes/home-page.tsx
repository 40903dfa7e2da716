import { Gift, HeartHandshake, CalendarCheck, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { actionRouteFromContinueUrl, paths } from '@/config/paths';
import { SalonFinder } from '@/features/merchants/components/salon-finder';
import { texts } from '@/lib/texts';

/** `/?continueUrl=…&mode=…&oobCode=…` (an e-mail link) goes on to its action route; otherwise `fallback`. */
export function AuthActionRedirect({ fallback }: { fallback: ReactNode }) {
  const { search } = useLocation();
  const target = actionRouteFromContinueUrl(search);
  return target ? <Navigate to={target} replace /> : fallback;
}

const t = texts.home;
const featureIcons = [Gift, HeartHandshake, CalendarCheck];

/** The product's landing page: a customer finds her salon, a merchant signs in. */
export function HomePage() {
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-5 py-5">
        <BrandMark />
        <Button asChild variant="outline">
          <Link to={paths.adminLogin.href()}>{t.ctaLogin}</Link>
        </Button>
      </header>

      <main>
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,var(--color-accent),transparent_55%),radial-gradient(circle_at_85%_30%,var(--color-muted),transparent_45%)]"
          />
          <div className="mx-auto grid max-w-5xl gap-10 px-5 pt-10 pb-16 md:grid-cols-[1.2fr_1fr] md:items-center md:pt-16">
            <div className="grid gap-5">
              <p className="text-sm font-semibold text-accent-foreground">{t.eyebrow}</p>
              <PageHeading className="text-5xl md:text-6xl">{t.title}</PageHeading>
              <p className="max-w-prose text-lg text-muted-foreground">{t.lead}</p>
              <SalonFinder />
              <div className="flex flex-wrap items-center gap-3">
                <Button asChild variant="outline">
                  <Link to={paths.adminLogin.href()}>{t.ctaLogin}</Link>
                </Button>
                <p className="text-sm text-muted-foreground">{t.ctaLoginHint}</p>
              </div>
            </div>
            <GenerationsCard />
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-5xl px-5 py-12">
          <h2 id="features-title" className="text-3xl font-semibold">
            {t.featuresTitle}
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {t.features.map((feature, index) => {
              const Icon = featureIcons[index] ?? Gift;
              return (
                <li key={feature.title} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
                  <span className="grid size-12 place-items-center rounded-xl bg-accent text-accent-foreground">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <h3 className="mt-4 text-xl font-semibold">{feature.title}</h3>
                  <p className="mt-2 text-muted-foreground">{feature.body}</p>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="install-title" className="mx-auto max-w-5xl px-5 pb-16">
          <div className="flex flex-col gap-4 rounded-3xl bg-primary p-8 text-primary-foreground md:flex-row md:items-center">
            <Smartphone aria-hidden="true" className="size-12 shrink-0" />
            <div>
              <h2 id="install-title" className="text-2xl font-semibold">
                {t.installTitle}
              </h2>
              <p className="mt-2 max-w-prose">{t.installBody}</p>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-border py-6 text-center text-sm text-muted-foreground">
        {t.footer}
      </footer>
    </div>
  );
}

/** The three generations of credit, drawn as a nested list. */
function GenerationsCard() {
  const shades = [
    'bg-primary text-primary-foreground',
    'bg-accent-foreground text-primary-foreground',
    'bg-accent text-accent-foreground',
    'bg-muted text-foreground',
  ];
  return (
    <figure className="rounded-3xl border border-border bg-card p-6 shadow-lg shadow-primary/10">
      <figcaption className="font-display text-xl font-semibold">{t.generationsTitle}</figcaption>
      <ol className="mt-5 grid gap-3">
        {t.generations.map((label, depth) => (
          <li key={label} className="flex items-center gap-3" style={{ paddingLeft: `${depth * 1.25}rem` }}>
            <span
              className={`grid size-9 shrink-0 place-items-center rounded-full text-sm font-bold ${shades[depth] ?? ''}`}
            >
              {depth === 0 ? '★' : depth}
            </span>
            <span className="font-medium">{label}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
