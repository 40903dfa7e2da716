import { statusClasses } from '@/components/booking/reservation-status';
import { cx } from 'class-variance-authority';

/** A reservation's status in bold, green, red or yellow as spec §4 colours it. */
export function ReservationStatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={cx(
        'inline-flex items-center rounded-full px-3 py-0.5 text-sm whitespace-nowrap',
        statusClasses(status),
      )}
    >
      {status}
    </span>
  );
}
