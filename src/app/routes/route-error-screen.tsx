import { RefreshCw, TriangleAlert } from 'lucide-react';
import type { FallbackProps } from 'react-error-boundary';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { texts } from '@/lib/texts';
import { applyUpdate, useUpdateAvailable } from '@/pwa/app-update';
import { isChunkLoadError } from '@/app/routes/chunk-load-error';

const t = texts.routeError;

/** What went wrong, in Italian: a screen whose code is gone after a deploy, no network, or a bug. */
function explanation(error: unknown): { title: string; body: string } {
  if (!isChunkLoadError(error)) return { title: t.title, body: t.body };
  if (!navigator.onLine) return { title: t.offlineTitle, body: t.offlineBody };
  return { title: t.newVersionTitle, body: t.newVersionBody };
}

/** A screen's error, in Italian: 'Ricarica' starts afresh. */
export function RouteErrorScreen({ error }: FallbackProps) {
  const updateAvailable = useUpdateAvailable();
  const { title, body } = explanation(error);
  // A waiting new version is applied first: the reload then loads its files, not the old ones.
  const reload = () => (updateAvailable ? applyUpdate() : window.location.reload());
  return (
    <AuthLayout>
      <div role="alert" className="grid justify-items-start gap-4">
        <TriangleAlert aria-hidden="true" className="size-10 text-primary" />
        <PageHeading>{title}</PageHeading>
        <p className="text-muted-foreground">{body}</p>
        <div className="flex flex-wrap gap-3">
          <Button onClick={reload}>
            <RefreshCw aria-hidden="true" />
            {t.reload}
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.home.href()} reloadDocument>
              {t.home}
            </Link>
          </Button>
        </div>
      </div>
    </AuthLayout>
  );
}
