import { describe, expect, it } from 'vitest';
import {
  awaitsCustomerAnswer,
  canDeleteReservation,
  romeInstant,
} from '@/features/booking-client/reservation-rules';

describe('romeInstant', () => {
  it('reads a wall-clock time in Rome, in winter (UTC+1) and in summer (UTC+2)', () => {
    expect(romeInstant('2026-11-23', '09:30').toISOString()).toBe('2026-11-23T08:30:00.000Z');
    expect(romeInstant('2026-07-01', '18:45').toISOString()).toBe('2026-07-01T16:45:00.000Z');
  });
});

describe('which reservations the customer may delete (spec §4)', () => {
  const start = { date: '2026-11-23', time: '09:30' };

  it('always a rejected one', () => {
    expect(canDeleteReservation({ ...start, status: 'rifiutata' }, new Date('2026-01-01T00:00:00Z'))).toBe(
      true,
    );
  });

  it('a confirmed one from one hour after its start', () => {
    const confirmed = { ...start, status: 'confermata' };
    expect(canDeleteReservation(confirmed, new Date('2026-11-23T09:29:59Z'))).toBe(false);
    expect(canDeleteReservation(confirmed, new Date('2026-11-23T09:30:00Z'))).toBe(true);
  });

  it('never one waiting or modified', () => {
    const late = new Date('2027-01-01T00:00:00Z');
    expect(canDeleteReservation({ ...start, status: 'in attesa' }, late)).toBe(false);
    expect(canDeleteReservation({ ...start, status: 'modificata' }, late)).toBe(false);
  });

  it('asks the customer to answer only a modified reservation', () => {
    expect(awaitsCustomerAnswer({ status: 'modificata' })).toBe(true);
    expect(awaitsCustomerAnswer({ status: 'in attesa' })).toBe(false);
  });
});
