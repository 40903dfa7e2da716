import { House } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import {
  bottomBarSlots,
  breakableLabel,
  splitForPhone,
  type AreaNavItem,
} from '@/components/layouts/area-nav-items';

const item = (label: string, primary = false): AreaNavItem => ({
  href: `/${label}`,
  label,
  icon: House,
  primary,
});

describe("a phone's bottom bar", () => {
  it('holds every item and Esci when they fit in five slots', () => {
    const items = ['a', 'b', 'c', 'd'].map((label) => item(label));
    expect(splitForPhone(items)).toEqual({ bar: items, more: null });
  });

  it("holds the primary items, at most four, and leaves the rest to 'Altro'", () => {
    const items = [
      item('a', true),
      item('b'),
      item('c', true),
      item('d', true),
      item('e', true),
      item('f', true),
    ];
    const { bar, more } = splitForPhone(items);
    expect(bar.map((entry) => entry.label)).toEqual(['a', 'c', 'd', 'e']);
    expect(bar.length + 1).toBeLessThanOrEqual(bottomBarSlots);
    expect(more?.map((entry) => entry.label)).toEqual(['b', 'f']);
  });
});

describe('a bottom-bar label', () => {
  it('may break only where Italian allows it, with a hyphen', () => {
    expect(breakableLabel('Registrazioni')).toBe('Registra\u00ADzioni');
    expect(breakableLabel('Prenotazioni')).toBe('Prenota\u00ADzioni');
    expect(breakableLabel('Agenda')).toBe('Agenda');
    expect(breakableLabel('Presenta')).toBe('Presenta');
  });
});
