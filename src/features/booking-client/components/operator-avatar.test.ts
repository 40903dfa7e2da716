import { describe, expect, it } from 'vitest';
import { initialsOf } from '@/features/booking-client/components/operator-avatar';

describe('operator initials (shown when a photo is missing or fails)', () => {
  it('takes the first letter of the first two names, capitalised', () => {
    expect(initialsOf('Giulia Rossi')).toBe('GR');
    expect(initialsOf('  anna  ')).toBe('A');
    expect(initialsOf('Annamaria Giovanna Castelfranchi-Mastroianni')).toBe('AG');
  });
});
