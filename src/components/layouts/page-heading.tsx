import { useEffect, useRef, type ReactNode } from 'react';
import { texts } from '@/lib/texts';
import { cx } from 'class-variance-authority';

interface PageHeadingProps {
  children: ReactNode;
  /** The document title; the heading's text when it is a plain string. */
  title?: string;
  /** The sentence under the heading that says what the screen is for. */
  lead?: ReactNode;
  className?: string;
}

/**
 * The screen's one h1. It takes focus when the screen appears, so a screen reader announces the new
 * screen after a route change, and names the browser tab.
 */
export function PageHeading({ children, title, lead, className }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  const documentTitle = title ?? (typeof children === 'string' ? children : undefined);
  useEffect(() => {
    document.title =
      documentTitle && documentTitle !== texts.app.name
        ? `${documentTitle} · ${texts.app.name}`
        : texts.app.name;
    ref.current?.focus({ preventScroll: true });
  }, [documentTitle]);
  const heading = (
    <h1 ref={ref} tabIndex={-1} data-page-heading="" className={cx('ui-page-heading', className)}>
      {children}
    </h1>
  );
  if (lead === undefined) return heading;
  return (
    <div className="grid gap-1">
      {heading}
      <p className="text-muted-foreground">{lead}</p>
    </div>
  );
}
