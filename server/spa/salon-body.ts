import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scriptSafeJson, type SalonPage } from './salon-head.ts';

/** The id of the data block the SPA reads the salon's page from (src/features/merchants/api). */
export const salonPageDataId = 'salon-page-data';

/** Where a build keeps the renderer of a salon's page (vite.config.ts, `prerender`). */
export const prerenderFolder = 'prerender';

type RenderSalonPage = (salon: SalonPage, url: string) => string;

/** Each build's renderer, loaded once; a build swapped out is forgotten. */
const renderers = new Map<string, Promise<RenderSalonPage | undefined>>();

/** The renderer of `build`, or undefined for a build made without it. */
export function salonPageRenderer(build: string): Promise<RenderSalonPage | undefined> {
  let renderer = renderers.get(build);
  if (!renderer) {
    const file = join(build, prerenderFolder, 'salon-page-html.js');
    renderer = existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: { salonPageHtml: RenderSalonPage }) => module.salonPageHtml,
        )
      : Promise.resolve(undefined);
    renderers.clear();
    renderers.set(build, renderer);
  }
  return renderer;
}

/**
 * index.html with the salon's page painted inside #root (what the app renders first) and the data it
 * was painted from, which the app reads instead of asking again.
 */
export function withSalonBody(indexHtml: string, bodyHtml: string, salon: SalonPage): string {
  const data = `<script type="application/json" id="${salonPageDataId}">${scriptSafeJson(salon)}</script>`;
  return indexHtml.replace(
    /<div id="root">[\s\S]*?<\/div>(\s*<noscript>)/,
    (_match, noscript: string) => `<div id="root">${bodyHtml}</div>\n    ${data}${noscript}`,
  );
}
