/** The reservation states of spec §4, as the database stores them. */
export const reservationStatuses = ['in attesa', 'confermata', 'modificata', 'rifiutata'] as const;

export type ReservationStatus = (typeof reservationStatuses)[number];

export type StatusTone = 'success' | 'danger' | 'pending';

/** Spec §4's colours: confermata green, rifiutata red, in attesa and modificata yellow. */
export function statusTone(status: string): StatusTone {
  if (status === 'confermata') return 'success';
  if (status === 'rifiutata') return 'danger';
  return 'pending';
}

const toneClasses: Record<StatusTone, string> = {
  success: 'bg-success text-success-foreground',
  danger: 'bg-destructive text-destructive-foreground',
  pending: 'bg-gold text-foreground',
};

/** The badge's classes for a status: bold, coloured by its tone. */
export function statusClasses(status: string): string {
  return `font-bold ${toneClasses[statusTone(status)]}`;
}
