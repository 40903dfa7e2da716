import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/layouts/page-heading';
import { areaTexts } from '@/lib/area-texts';

/** A screen whose content another issue fills: its title and the spec's empty state. */
export function PlaceholderScreen({
  title,
  empty,
  children,
}: {
  title: string;
  empty?: string;
  children?: ReactNode;
}) {
  return (
    <section className="grid gap-6">
      <PageHeading>{title}</PageHeading>
      {children}
      {empty ? <EmptyState>{empty}</EmptyState> : null}
      {!empty && !children ? <EmptyState>{areaTexts.placeholder}</EmptyState> : null}
    </section>
  );
}
