/**
 * One colour language for referral generations, on the customer's and the merchant's trees and in
 * Statistiche: 1ª generazione is always plum, 2ª gold, 3ª (and beyond) green, 'senza sponsor' a
 * neutral grey. Semantic tokens only (`--color-generation-*` in index.css); text on each is AA.
 */
type GenerationLevel = 'none' | 1 | 2 | 3;

interface GenerationColor {
  /** SVG nodes of the trees. */
  fill: string;
  /** Legend dots and bars. */
  swatch: string;
  /** A filled label with its text colour. */
  badge: string;
  /** The left edge of a card. */
  border: string;
}

export const generationColors: Record<GenerationLevel, GenerationColor> = {
  none: {
    fill: 'fill-generation-none',
    swatch: 'bg-generation-none',
    badge: 'bg-generation-none text-primary-foreground',
    border: 'border-l-generation-none',
  },
  1: {
    fill: 'fill-generation-1',
    swatch: 'bg-generation-1',
    badge: 'bg-generation-1 text-primary-foreground',
    border: 'border-l-generation-1',
  },
  2: {
    fill: 'fill-generation-2',
    swatch: 'bg-generation-2',
    badge: 'bg-generation-2 text-foreground',
    border: 'border-l-generation-2',
  },
  3: {
    fill: 'fill-generation-3',
    swatch: 'bg-generation-3',
    badge: 'bg-generation-3 text-success-foreground',
    border: 'border-l-generation-3',
  },
};

/** The level of a generation number: 0 (no sponsor) is 'none', 3 and deeper share the 3ª colour. */
export function generationLevel(generation: number): GenerationLevel {
  if (generation <= 0) return 'none';
  if (generation >= 3) return 3;
  return generation as 1 | 2;
}
