import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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

/** Each build's CSS for the painted page (vite.config.ts, `prerender`), read once. */
const criticalStyles = new Map<string, Promise<string | undefined>>();

/** The rules of the app's stylesheet the painted page uses, or undefined for a build made without them. */
export function salonPageCss(build: string): Promise<string | undefined> {
  let css = criticalStyles.get(build);
  if (!css) {
    css = readFile(join(build, prerenderFolder, 'salon-page.css'), 'utf8').catch(() => undefined);
    criticalStyles.clear();
    criticalStyles.set(build, css);
  }
  return css;
}

/**
 * index.html with the painted page's CSS inline and the app's stylesheet loaded without holding the
 * first paint back: `media="print"` until it has loaded, when the app applies it
 * (src/lib/stylesheets-after-paint.ts, `data-after-paint`).
 */
export function withCriticalCss(indexHtml: string, css: string): string {
  return indexHtml.replace(
    /<link rel="stylesheet"([^>]*)>/,
    (link: string, attributes: string) =>
      `<style>${css.replaceAll('</', '<\\/')}</style>\n    ` +
      `<link rel="stylesheet"${attributes} media="print" data-after-paint>\n    ` +
      `<noscript>${link}</noscript>`,
  );
}

/**
 * index.html with the app's script fetched after what the painted page shows (the logo, the typefaces):
 * the page is whole without it, and the registration form waits for it either way.
 */
export function withScriptAfterPaint(indexHtml: string): string {
  return indexHtml.replace('<script type="module"', '<script type="module" fetchpriority="low"');
}

/**
 * index.html with the salon's page painted inside #root (what the app renders first) and the data it
 * was painted from, which the app reads instead of asking again.
 */
export function withSalonBody(indexHtml: string, renderedHtml: string, salon: SalonPage): string {
  const data = `<script type="application/json" id="${salonPageDataId}">${scriptSafeJson(salon)}</script>`;
  // The logo's preload, which the renderer puts first, goes first in the <head>: the LCP image is
  // asked for with the document's first bytes, before the inline CSS is parsed.
  const [, preloads = '', bodyHtml = ''] = /^((?:<link rel="preload"[^>]*>)*)([\s\S]*)$/.exec(renderedHtml)!;
  return indexHtml
    .replace(/(<meta charset="UTF-8" \/>)/, (charset: string) =>
      preloads ? `${charset}\n    ${preloads}` : charset,
    )
    .replace(
      /<div id="root">[\s\S]*?<\/div>(\s*<noscript>)/,
      (_match, noscript: string) => `<div id="root">${bodyHtml}</div>\n    ${data}${noscript}`,
    );
}
