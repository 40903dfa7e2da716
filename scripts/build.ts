// npm start's build: the SPA into a folder of its own, swapped in as dist/ once complete, without
// the chunk table (warnings and errors still print).
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { defaultStaticDir } from '../server/config.ts';
import { buildAndSwap } from '../server/spa/swap-build.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

await buildAndSwap(defaultStaticDir, async (outDir) => {
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
});
