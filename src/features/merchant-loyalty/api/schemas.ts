import { z } from 'zod';

/** numeric columns arrive as JSON numbers (or strings from some drivers). */
export const amount = z.union([z.number(), z.string()]).transform(Number);
export const count = z.union([z.number(), z.string()]).transform(Number);

/** The root of every merchant-loyalty query key: invalidating it refreshes every screen of the feature. */
export const merchantLoyaltyKey = ['merchant-loyalty'] as const;
