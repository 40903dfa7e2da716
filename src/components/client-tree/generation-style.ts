import { generationColors } from '@/components/generation-colors';

/** The client tree's levels in its legend's order: no sponsor, 1st, 2nd, 3rd generation and deeper. */
const levels = [generationColors.none, generationColors[1], generationColors[2], generationColors[3]];

export const generationFill = levels.map((level) => level.fill);
export const generationSwatch = levels.map((level) => level.swatch);
export const rootFill = 'fill-foreground';
export const rootSwatch = 'bg-foreground';
