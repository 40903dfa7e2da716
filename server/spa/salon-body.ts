import { prerenderedRenderer } from './prerendered.ts';
import { scriptSafeJson, type SalonPage } from './salon-head.ts';

/** The id of the data block the SPA reads the salon's page from (src/features/merchants/api). */
export const salonPageDataId = 'salon-page-data';

type RenderSalonPage = (salon: SalonPage, url: string) => string;

/** The renderer of a salon's page in `build`, or undefined for a build made without it. */
export const salonPageRenderer = (build: string) =>
  prerenderedRenderer<RenderSalonPage>(build, 'salon-page-html', 'salonPageHtml');

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
 * index.html with a page painted inside #root (what the app renders first): `data`, what it was painted
 * from, follows in a JSON block the app reads instead of asking again; `paintedPath`, for a page painted
 * from nothing but its address, marks #root with it (src/lib/painted-page.ts).
 */
export function withPaintedBody(
  indexHtml: string,
  renderedHtml: string,
  painted: { data: { id: string; value: unknown } } | { paintedPath: string },
): string {
  const [dataBlock, rootAttributes] =
    'data' in painted
      ? [
          `\n    <script type="application/json" id="${painted.data.id}">${scriptSafeJson(painted.data.value)}</script>`,
          '',
        ]
      : ['', ` data-painted-path="${painted.paintedPath}"`];
  // A logo's preload, which the renderer puts first, goes first in the <head>: the LCP image is
  // asked for with the document's first bytes, before the inline CSS is parsed.
  const [, preloads = '', bodyHtml = ''] = /^((?:<link rel="preload"[^>]*>)*)([\s\S]*)$/.exec(renderedHtml)!;
  return indexHtml
    .replace(/(<meta charset="UTF-8" \/>)/, (charset: string) =>
      preloads ? `${charset}\n    ${preloads}` : charset,
    )
    .replace(
      /<div id="root">[\s\S]*?<\/div>(\s*<noscript>)/,
      (_match, noscript: string) =>
        `<div id="root"${rootAttributes}>${bodyHtml}</div>${dataBlock}${noscript}`,
    );
}

/** index.html with the salon's page painted inside #root and the salon's data beside it. */
export const withSalonBody = (indexHtml: string, renderedHtml: string, salon: SalonPage) =>
  withPaintedBody(indexHtml, renderedHtml, { data: { id: salonPageDataId, value: salon } });
