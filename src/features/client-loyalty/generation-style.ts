/**
 * One colour per generation below the customer (semantic tokens only, each pair AA-contrasted):
 * index 0 is the 1st generation, 1 the 2nd, 2 the 3rd.
 */
export const generationBadge = [
  'bg-primary text-primary-foreground',
  'bg-gold text-foreground',
  'bg-success text-success-foreground',
] as const;

export const generationBorder = ['border-l-primary', 'border-l-gold', 'border-l-success'] as const;

export function generationIndex(generation: number): 0 | 1 | 2 {
  if (generation <= 1) return 0;
  return generation === 2 ? 1 : 2;
}
