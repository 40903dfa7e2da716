import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { prerenderedRenderer } from './prerendered.ts';

type RenderAreaShell = (path: string) => string | undefined;

/** The area frame's renderer of `build` (vite.config.ts, `prerender`), or undefined for a build without it. */
export const areaShellRenderer = (build: string) =>
  prerenderedRenderer<RenderAreaShell>(build, 'area-shell-html', 'areaShellHtml');

/**
 * The app's module script, asked for once the frame is on screen (public/paint-first.js): the frame's
 * stylesheet and typefaces have the connection to themselves, and the app's evaluation never holds
 * the first paint back.
 */
function afterFirstPaint(indexHtml: string): string {
  return indexHtml.replace(
    /<script type="module" crossorigin src="(\/assets\/[\w-]+\.js)"><\/script>/,
    (_match, app: string) => `<script type="module" src="/paint-first.js?app=${app}"></script>`,
  );
}

/**
 * index.html of `build` with a signed-in screen's frame painted inside #root (navigation, header, the
 * screen's heading, grey blocks: nobody's data, which the browser alone holds the session for), or
 * undefined when `path` is no screen the renderer knows.
 */
export async function areaShellIndexHtml(build: string, path: string): Promise<string | undefined> {
  if (!/^\/(client|dashboard)\//.test(path)) return undefined;
  const shell = (await areaShellRenderer(build))?.(path);
  if (shell === undefined) return undefined;
  const indexHtml = await readFile(join(build, 'index.html'), 'utf8');
  return afterFirstPaint(indexHtml).replace(
    /<div id="root">[\s\S]*?<\/div>(\s*<noscript>)/,
    (_match, noscript: string) => `<div id="root">${shell}</div>${noscript}`,
  );
}
