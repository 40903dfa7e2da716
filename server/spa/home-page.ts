import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { paintedPageCss, prerenderedRenderer } from './prerendered.ts';
import { withCriticalCss, withPaintedBody, withScriptAfterPaint } from './salon-body.ts';

/**
 * index.html of `build` with the home page painted inside #root, the rules it uses inline and the app's
 * stylesheet and script after its paint; undefined for another path, an e-mail link's `/?continueUrl=…`
 * (which the app sends on) or a build made without the renderer.
 */
export async function homeIndexHtml(build: string, path: string, url: string): Promise<string | undefined> {
  if (path !== '/' || new URL(url, 'http://localhost').searchParams.has('continueUrl')) return undefined;
  const [render, css] = await Promise.all([
    prerenderedRenderer<() => string>(build, 'public-page-html', 'homePageHtml'),
    paintedPageCss(build, 'home-page'),
  ]);
  if (!render || css === undefined) return undefined;
  const indexHtml = await readFile(join(build, 'index.html'), 'utf8');
  const painted = withPaintedBody(indexHtml, render(), { paintedPath: '/' });
  return withScriptAfterPaint(withCriticalCss(painted, css));
}
