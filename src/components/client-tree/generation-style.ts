/** One colour per referral level (semantic tokens only): no sponsor, 1st, 2nd, 3rd generation and deeper. */
export const generationFill = ['fill-primary', 'fill-gold', 'fill-success', 'fill-muted-foreground'] as const;
export const generationSwatch = ['bg-primary', 'bg-gold', 'bg-success', 'bg-muted-foreground'] as const;
export const rootFill = 'fill-foreground';
export const rootSwatch = 'bg-foreground';
