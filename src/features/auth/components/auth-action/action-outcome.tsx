import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { texts } from '@/lib/texts';

/** An e-mail link's outcome: the page title, a success, error or waiting line, and the way back to the login. */
export function ActionOutcome({
  title,
  tone,
  children,
  loginHref,
}: {
  title: string;
  tone: 'success' | 'error' | 'pending';
  children: ReactNode;
  loginHref?: string;
}) {
  const Icon = tone === 'success' ? CircleCheck : CircleX;
  return (
    <div className="grid gap-5">
      <PageHeading>{title}</PageHeading>
      <p
        role={tone === 'error' ? 'alert' : 'status'}
        className={
          tone === 'success'
            ? 'flex items-start gap-2 font-semibold text-success'
            : tone === 'error'
              ? 'flex items-start gap-2 font-semibold text-destructive'
              : 'text-muted-foreground'
        }
      >
        {tone === 'pending' ? null : <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />}
        <span>{children}</span>
      </p>
      {loginHref ? (
        <Button asChild variant="outline">
          <Link to={loginHref}>{texts.action.goToLogin}</Link>
        </Button>
      ) : null}
    </div>
  );
}
