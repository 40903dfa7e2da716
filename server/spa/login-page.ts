import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerContext } from '../context.ts';
import { paintedPageCss, prerenderedRenderer } from './prerendered.ts';
import { withCriticalCss, withPaintedBody, withScriptAfterPaint } from './salon-body.ts';
import { publicSalonRead } from './salon-page.ts';

/** A salon's public face, as api.merchant_public gives it. */
interface MerchantPublic {
  slug: string;
  name: string;
  logo_url?: string | null;
}

type RenderLoginPage = (merchant: MerchantPublic, url: string) => string;

/** The id of the data block the SPA reads the salon from (src/app/routes/painted-login-page.ts). */
const merchantPublicDataId = 'merchant-public-data';

/** /merchant/{slug} and /{slug}/login: a salon's two logins (slugs are [a-z0-9]+). */
const loginPagePath = /^\/(?:merchant\/([a-z0-9]+)|([a-z0-9]+)\/login)\/?$/;

/**
 * index.html of `build` with a salon's login painted inside #root as a visitor not signed in sees it
 * (the app sends one signed in on to her area), the salon's data beside it, the rules it uses inline and
 * the app's stylesheet and script after its paint; undefined for another path, a salon that does not
 * exist (the app says so) or a build made without the renderer. `url` is the request's, with its query.
 */
export async function loginIndexHtml(
  context: ServerContext,
  build: string,
  path: string,
  url: string,
): Promise<string | undefined> {
  const [, merchantSlug, clientSlug] = loginPagePath.exec(path) ?? [];
  const slug = merchantSlug ?? clientSlug;
  if (!slug) return undefined;
  const [render, css] = await Promise.all([
    prerenderedRenderer<RenderLoginPage>(build, 'public-page-html', 'loginPageHtml'),
    paintedPageCss(build, 'login-page'),
  ]);
  if (!render || css === undefined) return undefined;
  const merchant = await publicSalonRead<MerchantPublic>(context, 'merchant_public', slug);
  if (!merchant) return undefined;
  const indexHtml = await readFile(join(build, 'index.html'), 'utf8');
  const painted = withPaintedBody(indexHtml, render(merchant, url), {
    data: { id: merchantPublicDataId, value: merchant },
  });
  return withFormsHeld(withScriptAfterPaint(withCriticalCss(painted, css)));
}

/** index.html whose painted forms the browser never sends itself before the app does (public/hold-painted-forms.js). */
function withFormsHeld(indexHtml: string): string {
  return indexHtml.replace(
    '</head>',
    () => `  <script async src="/hold-painted-forms.js"></script>\n  </head>`,
  );
}
