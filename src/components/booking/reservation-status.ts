type StatusTone = 'success' | 'danger' | 'pending' | 'closed';

/** Spec §4's colours: confermata green, rifiutata and annullata red, in attesa and modificata yellow. */
export function statusTone(status: string): StatusTone {
  if (status === 'confermata' || status === 'completata') return 'success';
  if (status === 'rifiutata' || status === 'annullata' || status === 'non presentata') return 'danger';
  if (status === 'scaduta' || status === 'spostata') return 'closed';
  return 'pending';
}

const toneClasses: Record<StatusTone, string> = {
  success: 'bg-success text-success-foreground',
  danger: 'bg-destructive text-destructive-foreground',
  pending: 'bg-gold text-foreground',
  closed: 'bg-muted text-muted-foreground',
};

/** The badge's classes for a status: bold, coloured by its tone. */
export function statusClasses(status: string): string {
  return `font-bold ${toneClasses[statusTone(status)]}`;
}
