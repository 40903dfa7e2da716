import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import sharp from 'sharp';
import { build, defineConfig, type Plugin } from 'vite';
import { criticalCss } from './scripts/critical-css.ts';

const pwaSource = (file: string) => fileURLToPath(new URL(`./src/pwa/${file}`, import.meta.url));

/**
 * The installable app: PNG icons drawn from the monogram SVGs, and the service worker with the
 * build's file list to precache (src/pwa/service-worker.js).
 */
function pwa(): Plugin {
  const icons = [
    { fileName: 'icons/icon-192.png', svg: 'icon.svg', size: 192 },
    { fileName: 'icons/icon-512.png', svg: 'icon.svg', size: 512 },
    { fileName: 'icons/icon-maskable-512.png', svg: 'icon-maskable.svg', size: 512 },
    { fileName: 'icons/apple-touch-icon-180.png', svg: 'icon-maskable.svg', size: 180 },
    { fileName: 'icons/favicon-32.png', svg: 'icon.svg', size: 32 },
  ];
  return {
    name: 'passaparola-pwa',
    apply: 'build',
    async generateBundle(_options, bundle) {
      for (const icon of icons) {
        const source = await sharp(readFileSync(pwaSource(icon.svg)), { density: 300 })
          .resize(icon.size, icon.size)
          .png({ compressionLevel: 9 })
          .toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.fileName, source });
      }
      const assets = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/') && !file.endsWith('.map'))
        .sort();
      const precache = [
        '/',
        '/config.js',
        '/manifest.webmanifest',
        ...icons.map((icon) => `/${icon.fileName}`),
      ].concat(assets.map((file) => `/${file}`));
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(pwaSource('service-worker.js'), 'utf8')
        .replace('__VERSION__', version)
        .replace('self.__PRECACHE__', JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * The rules of the app's stylesheet each painted page uses, which server/ inlines in that page so it
 * paints without waiting for the stylesheet: a salon's page and the logins (their sample pages'), the home page.
 */
async function writePaintedPagesCss(outDir: string) {
  const renderer = async <T>(name: string) =>
    (await import(pathToFileURL(join(outDir, 'prerender', `${name}-html.js`)).href)) as T;
  const { salonPageHtml, salonPageSamples } = await renderer<{
    salonPageHtml: (salon: unknown, url: string) => string;
    salonPageSamples: { salon: unknown; url: string }[];
  }>('salon-page');
  const { homePageHtml, loginPageHtml, loginPageSamples } = await renderer<{
    homePageHtml: () => string;
    loginPageHtml: (merchant: unknown, url: string) => string;
    loginPageSamples: { merchant: unknown; url: string }[];
  }>('public-page');
  const stylesheet = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"/.exec(
    readFileSync(join(outDir, 'index.html'), 'utf8'),
  )?.[1];
  if (!stylesheet) throw new Error('index.html links no stylesheet');
  const css = readFileSync(join(outDir, stylesheet), 'utf8');
  const pages = {
    'salon-page': salonPageSamples.map((sample) => salonPageHtml(sample.salon, sample.url)),
    'home-page': [homePageHtml()],
    'login-page': loginPageSamples.map((sample) => loginPageHtml(sample.merchant, sample.url)),
  };
  for (const [name, html] of Object.entries(pages)) {
    writeFileSync(join(outDir, 'prerender', `${name}.css`), criticalCss(css, html));
  }
}

/**
 * The renderers server/ paints with (src/prerender), built into the app's `prerender/`: a salon's page,
 * the home page and the logins, each beside the CSS it needs first, and a signed-in area's frame.
 */
function prerender(): Plugin {
  let outDir = '';
  return {
    name: 'passaparola-prerender',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        plugins: [react()],
        resolve: {
          alias: [
            ...['env', 'supabase'].map((name) => ({
              find: `@/${name === 'env' ? 'config' : 'lib'}/${name}`,
              replacement: fileURLToPath(new URL(`./src/prerender/${name}.ts`, import.meta.url)),
            })),
            { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
          ],
        },
        // One file with its libraries: the build folder may live where node_modules is out of reach.
        ssr: { noExternal: true },
        build: {
          ssr: true,
          rolldownOptions: {
            input: Object.fromEntries(
              ['salon-page-html', 'public-page-html', 'area-shell-html'].map((name) => [
                name,
                fileURLToPath(new URL(`./src/prerender/${name}.tsx`, import.meta.url)),
              ]),
            ),
          },
          outDir: join(outDir, 'prerender'),
          emptyOutDir: true,
          copyPublicDir: false,
        },
      });
      await writePaintedPagesCss(outDir);
    },
  };
}

/** A shared chunk is named after one of its modules, often a small one: Realtime's says what it holds. */
function sharedChunkName(chunk: { moduleIds: readonly string[] }): string {
  const holds = (path: string) => chunk.moduleIds.some((id) => id.includes(`/node_modules/${path}/`));
  if (holds('@supabase/realtime-js')) return 'assets/realtime-[hash].js';
  return 'assets/[name]-[hash].js';
}

/** Code only some signed-in screens need, kept out of the chunk every area loads. */
const notForEveryArea =
  /client-tree|qrcode|d3|storage-js|realtime-js|phoenix|sonner|select|floating-ui|react-collection|popper|tabs|collapsible|roving-focus/;
const sharedPlaces = /[\\/](src[\\/](components|lib|app)|node_modules)[\\/]/;

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa(), prerender()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The app's initial chunk is one file on purpose (~560 KB minified, ~163 KB gzip: tests/e2e/login-bundle.test.ts).
    chunkSizeWarningLimit: 600,
    // Few requests on a slow connection: what the app runs before anything else in one chunk, the
    // components and libraries the areas share in another; the rest splits where it is imported.
    rolldownOptions: {
      output: {
        chunkFileNames: sharedChunkName,
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            {
              name: 'area-shared',
              test: (id) => !notForEveryArea.test(id) && sharedPlaces.test(id),
              priority: 2,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` serves the SPA with hot reload and sends the Supabase paths to a running server/.
    proxy: Object.fromEntries(
      ['/auth', '/rest', '/realtime', '/storage', '/config.js'].map((prefix) => [
        prefix,
        { target: process.env.API_URL ?? 'http://localhost:54321', ws: prefix === '/realtime' },
      ]),
    ),
  },
});
