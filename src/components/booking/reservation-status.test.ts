import { describe, expect, it } from 'vitest';
import { statusClasses, statusTone } from '@/components/booking/reservation-status';

describe('reservation status colours (spec §4)', () => {
  it('is green when confirmed, red when rejected, yellow while waiting or modified', () => {
    expect(statusTone('confermata')).toBe('success');
    expect(statusTone('rifiutata')).toBe('danger');
    expect(statusTone('in attesa')).toBe('pending');
    expect(statusTone('modificata')).toBe('pending');
  });

  it('is red when cancelled and muted when expired', () => {
    expect(statusTone('annullata')).toBe('danger');
    expect(statusTone('scaduta')).toBe('closed');
    expect(statusTone('spostata')).toBe('closed');
    expect(statusClasses('scaduta')).toContain('bg-muted');
  });

  it('is green for a completed visit and red for a missed one', () => {
    expect(statusTone('completata')).toBe('success');
    expect(statusTone('non presentata')).toBe('danger');
  });

  it('is always bold', () => {
    for (const status of ['confermata', 'rifiutata', 'in attesa', 'modificata'])
      expect(statusClasses(status)).toContain('font-bold');
  });

  it('uses the semantic colour tokens', () => {
    expect(statusClasses('confermata')).toContain('bg-success');
    expect(statusClasses('rifiutata')).toContain('bg-destructive');
    expect(statusClasses('modificata')).toContain('bg-gold');
  });
});
