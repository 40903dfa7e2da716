import { config } from 'zod/mini';

// zod would probe for eval with `new Function`, which the Content-Security-Policy refuses and reports
// as a violation. Imported first by src/main.tsx, before any schema parses.
config({ jitless: true });
