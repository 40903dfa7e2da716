import { statusClasses } from '@/components/booking/reservation-status';
import { cn } from '@/lib/utils';

/** A reservation's status in bold, green, red or yellow as spec §4 colours it. */
export function ReservationStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-3 py-0.5 text-sm whitespace-nowrap',
        statusClasses(status),
        className,
      )}
    >
      {status}
    </span>
  );
}
