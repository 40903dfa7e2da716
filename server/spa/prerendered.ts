import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where a build keeps the renderers server/ paints pages with, and their CSS (vite.config.ts, `prerender`). */
export const prerenderFolder = 'prerender';

/** What the current build's renderers and CSS files gave, each read once; a build swapped out is forgotten. */
let current: { build: string; loaded: Map<string, Promise<unknown>> } | undefined;

function once<T>(build: string, key: string, load: () => Promise<T>): Promise<T> {
  if (current?.build !== build) current = { build, loaded: new Map() };
  let value = current.loaded.get(key);
  if (!value) {
    value = load();
    current.loaded.set(key, value);
  }
  return value as Promise<T>;
}

/** The function `name` of the renderer `module` of `build`, or undefined for a build made without it. */
export function prerenderedRenderer<T>(build: string, module: string, name: string): Promise<T | undefined> {
  return once(build, `${module}.js#${name}`, async () => {
    const file = join(build, prerenderFolder, `${module}.js`);
    if (!existsSync(file)) return undefined;
    return ((await import(pathToFileURL(file).href)) as Record<string, T>)[name];
  });
}

/** The rules of the app's stylesheet the painted `page` uses, or undefined for a build made without them. */
export function paintedPageCss(build: string, page: string): Promise<string | undefined> {
  return once(build, `${page}.css`, () =>
    readFile(join(build, prerenderFolder, `${page}.css`), 'utf8').catch(() => undefined),
  );
}
