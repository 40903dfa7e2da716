import { existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { resolveAuthSettings } from '../auth/settings.ts';
import type { ServerContext } from '../context.ts';
import { areaShellIndexHtml } from './area-shell.ts';
import { homeIndexHtml } from './home-page.ts';
import { loginIndexHtml } from './login-page.ts';
import { prerenderFolder } from './prerendered.ts';
import { salonPageRenderer } from './salon-body.ts';
import { salonIndexHtml } from './salon-page.ts';

// '/_mail' stays a 404: the mailbox has its own port on 127.0.0.1, never a page of the public one.
const apiPrefixes = ['/auth/', '/rest/', '/realtime/', '/storage/', '/_mail'];

/** What the SPA reads at run time: never the service key or the JWT secret. */
export function browserConfig(context: ServerContext) {
  return {
    supabaseAnonKey: context.keys.anonKey,
    mainSiteUrl: context.config.mainSiteUrl ?? null,
    /** config.toml's [auth] minimum_password_length: the forms check what the auth service and SQL check. */
    minimumPasswordLength: resolveAuthSettings(context.config).minimumPasswordLength,
    /** Web Push's VAPID public key, for PushManager.subscribe. */
    vapidPublicKey: context.vapid.publicKey,
  };
}

/**
 * Serves the built SPA from the build current at each request: hashed assets cached for a year,
 * index.html never cached, deep links to index.html (a salon's page with the salon's meta tags).
 */
export async function spaRoutes(app: FastifyInstance, context: ServerContext) {
  app.get('/config.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`window.__PASSAPAROLA_CONFIG__ = ${JSON.stringify(browserConfig(context))};\n`),
  );

  const root = context.config.staticDir;
  if (!root || !existsSync(`${root}/index.html`)) {
    app.log.warn('The SPA is not built (run `npm run build`): only the APIs are served.');
    return;
  }

  const serveSourceMaps = context.config.serveSourceMaps ?? false;
  const isSourceMap = (path: string) => /\.map(\?|$)/.test(path);
  await app.register(fastifyStatic, {
    serve: false,
    index: false,
    // The build keeps source maps for debugging; the public gets them only when asked for.
    allowedPath: (path) => serveSourceMaps || !isSourceMap(path),
    setHeaders(response, path) {
      const hashed = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(path);
      response.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Loaded now rather than on the first salon page's request (a large module to compile).
  void currentBuild(root).then(async (build) => {
    if (build) await salonPageRenderer(build).catch(() => undefined);
  });
  const isApiPath = (url: string) => apiPrefixes.some((prefix) => url.startsWith(prefix));
  const notFound = (reply: FastifyReply) =>
    reply.code(404).send({ code: 404, message: 'Risorsa non trovata' });

  // Each request reads from the build `root` names when it starts: a rebuild swaps in a whole new
  // folder (server/spa/swap-build.ts), so a page and its assets always come from one complete build.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler(request, reply) {
      const path = decodedPath(request.url);
      if (isApiPath(request.url) || path === undefined) return notFound(reply);
      void currentBuild(root).then(async (build) => {
        if (!build) return notFound(reply);
        // The painted pages' renderers run on the server only.
        if (path.startsWith(`/${prerenderFolder}/`)) return notFound(reply);
        if (await isFileIn(build, path)) return reply.sendFile(path, build);
        if (path.startsWith('/assets/') || isSourceMap(path)) return notFound(reply);
        const salonHtml = await salonIndexHtml(context, build, path, request.url).catch((error: unknown) => {
          request.log.warn({ err: error }, "The salon's page is served without its meta tags");
          return undefined;
        });
        if (salonHtml !== undefined) {
          return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(salonHtml);
        }
        const publicHtml = await Promise.all([
          homeIndexHtml(build, path, request.url),
          loginIndexHtml(context, build, path, request.url),
        ])
          .then((pages) => pages.find((page) => page !== undefined))
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'The public page is served without its painted page');
            return undefined;
          });
        if (publicHtml !== undefined) {
          return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(publicHtml);
        }
        const areaHtml = await areaShellIndexHtml(build, path).catch((error: unknown) => {
          request.log.warn({ err: error }, 'The signed-in screen is served without its painted frame');
          return undefined;
        });
        if (areaHtml !== undefined) {
          return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(areaHtml);
        }
        return reply.header('cache-control', 'no-cache').sendFile('index.html', build);
      });
    },
  });
  app.setNotFoundHandler((_request, reply) => notFound(reply));
}

/** The real folder `root` names now (a build swapped in by a symlink, or `root` itself). */
async function currentBuild(root: string): Promise<string | undefined> {
  return realpath(root).catch(() => undefined);
}

async function isFileIn(folder: string, path: string): Promise<boolean> {
  const file = resolve(folder, `.${path}`);
  if (!file.startsWith(`${folder}${sep}`)) return false;
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

function decodedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(url.split('?')[0]!);
  } catch {
    return undefined;
  }
}
