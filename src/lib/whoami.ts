import * as z from 'zod/mini';

/** What api.whoami answers (jsonb): who is signed in and in which roles. */
export const whoamiSchema = z.object({
  user_id: z.nullable(z.string()),
  email: z.nullable(z.string()),
  is_platform_admin: z.boolean(),
  merchant: z.nullable(z.object({ id: z.string(), slug: z.string(), name: z.string() })),
  clients: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      merchant_slug: z.string(),
      merchant_name: z.string(),
      merchant_logo_url: z.nullish(z.string()),
      name: z.string(),
    }),
  ),
});

export type Whoami = z.infer<typeof whoamiSchema>;
export type WhoamiClient = Whoami['clients'][number];
