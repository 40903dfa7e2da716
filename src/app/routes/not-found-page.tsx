import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoadingScreen } from '@/components/layouts/loading-screen';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths, shouldLeaveForMainSite } from '@/config/paths';
import { texts } from '@/lib/texts';

/** Spec §2: off localhost an unknown path leads to the product's site; here, an Italian not-found page. */
export function NotFoundPage({ message = texts.notFound.body }: { message?: string }) {
  const { pathname } = useLocation();
  const leave = shouldLeaveForMainSite(window.location.hostname, pathname, env.mainSiteUrl);
  useEffect(() => {
    if (leave && env.mainSiteUrl) window.location.replace(env.mainSiteUrl);
  }, [leave]);
  if (leave) return <LoadingScreen />;
  return (
    <AuthLayout>
      <div className="grid gap-4">
        <PageHeading>{texts.notFound.title}</PageHeading>
        <p className="text-muted-foreground">{message}</p>
        <Button asChild>
          <Link to={paths.home.href()}>{texts.notFound.home}</Link>
        </Button>
      </div>
    </AuthLayout>
  );
}
