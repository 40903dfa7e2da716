import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prerenderFolder } from './salon-body.ts';

type RenderAreaShell = (path: string) => string | undefined;

/** Each build's renderer, loaded once; a build swapped out is forgotten. */
const renderers = new Map<string, Promise<RenderAreaShell | undefined>>();

/** The area frame's renderer of `build` (vite.config.ts, `prerender`), or undefined for a build without it. */
export function areaShellRenderer(build: string): Promise<RenderAreaShell | undefined> {
  let renderer = renderers.get(build);
  if (!renderer) {
    const file = join(build, prerenderFolder, 'area-shell-html.js');
    renderer = existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: { areaShellHtml: RenderAreaShell }) => module.areaShellHtml,
        )
      : Promise.resolve(undefined);
    renderers.clear();
    renderers.set(build, renderer);
  }
  return renderer;
}

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
