import { generationColors } from '@/components/generation-colors';

/** The customer's three generations below them (index 0 is the 1st), in the app's one colour language. */
const levels = [generationColors[1], generationColors[2], generationColors[3]];

export const generationBadge = levels.map((level) => level.badge);
export const generationBorder = levels.map((level) => level.border);

export function generationIndex(generation: number): 0 | 1 | 2 {
  if (generation <= 1) return 0;
  return generation === 2 ? 1 : 2;
}
