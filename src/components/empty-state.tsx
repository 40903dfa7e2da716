import type { ReactNode } from 'react';
import { Sparkles } from 'lucide-react';
import { cn } from '@/lib/utils';

/** What a list shows when it has nothing, with the spec's text. */
export function EmptyState({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border-strong bg-card/60 px-6 py-10 text-center text-muted-foreground',
        className,
      )}
    >
      <Sparkles aria-hidden="true" className="size-8 text-primary/70" />
      <p className="text-base font-medium">{children}</p>
    </div>
  );
}
