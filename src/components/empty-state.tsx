import type { ReactNode } from 'react';
import { Sparkles } from 'lucide-react';

/** What a list shows when it has nothing, with the spec's text. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border-strong bg-card/60 px-6 py-10 text-center text-muted-foreground">
      <Sparkles aria-hidden="true" className="size-8 text-primary/70" />
      <p className="text-base font-medium">{children}</p>
    </div>
  );
}
