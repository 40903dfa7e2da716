import { describe, expect, it } from 'vitest';
import { nextAppointment } from '@/components/booking/next-appointment';

const now = new Date('2026-11-24T10:00:00Z');
const at = (id: string, starts_at: string, status = 'confermata') => ({ id, starts_at, status });

describe('nextAppointment', () => {
  it('is the earliest reservation still to come that may take place', () => {
    const reservations = [
      at('later', '2026-12-02T09:00:00Z'),
      at('past', '2026-11-20T09:00:00Z'),
      at('refused', '2026-11-25T09:00:00Z', 'rifiutata'),
      at('cancelled', '2026-11-25T08:00:00Z', 'annullata'),
      at('lapsed', '2026-11-25T07:00:00Z', 'scaduta'),
      at('requested', '2026-11-26T09:00:00Z', 'in attesa'),
      at('moved', '2026-11-27T09:00:00Z', 'modificata'),
    ];
    expect(nextAppointment(reservations, now)?.id).toBe('requested');
    expect(
      nextAppointment(
        reservations.filter((r) => r.id !== 'requested'),
        now,
      )?.id,
    ).toBe('moved');
  });

  it('is null when nothing is planned', () => {
    expect(nextAppointment([], now)).toBeNull();
    expect(nextAppointment([at('past', '2026-11-24T09:59:59Z')], now)).toBeNull();
  });
});
