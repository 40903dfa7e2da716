import { Skeleton } from '@/components/ui/skeleton';

/** Grey blocks where a list or a card is about to appear. */
export function LoadingBlocks({ count = 3, className = 'h-24' }: { count?: number; className?: string }) {
  return (
    <div className="grid gap-3" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={className} />
      ))}
    </div>
  );
}
