/** The root of every merchant-loyalty query key: invalidating it refreshes every screen of the feature. */
export const merchantLoyaltyKey = ['merchant-loyalty'] as const;
