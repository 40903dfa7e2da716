import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiUrlOf, siteUrlOf } from '../auth/settings.ts';
import type { ServerContext } from '../context.ts';
import { impersonation } from '../db/impersonate.ts';
import { paintedPageCss } from './prerendered.ts';
import { salonPageRenderer, withCriticalCss, withSalonBody, withScriptAfterPaint } from './salon-body.ts';
import { salonHead, withSalonHead, type SalonPage } from './salon-head.ts';

/** /{slug} and /{slug}/register: the paths a salon's page answers (slugs are [a-z0-9]+). */
const salonPagePath = /^\/([a-z0-9]+)(?:\/register)?\/?$/;

export function salonSlugOf(path: string): string | undefined {
  return salonPagePath.exec(path)?.[1];
}

/** What api.`fn`(slug) answers anyone (called as anon): a salon's public page or face; null when unknown. */
export async function publicSalonRead<T>(
  context: ServerContext,
  fn: 'salon_public_page' | 'merchant_public',
  slug: string,
): Promise<T | null> {
  const [, result] = await context.apiDb.transactionOf(
    [
      impersonation({ role: 'anon' }),
      { sql: `select api.${fn}($1) as page`, params: [slug], prepared: true },
    ],
    { readOnly: true },
  );
  return (result?.rows[0]?.page as T | null | undefined) ?? null;
}

/**
 * index.html of `build` with the salon's title, description, Open Graph tags and JSON-LD, and its
 * page painted (a build with the renderer), or undefined when the path is no salon's page or the
 * salon does not exist (the SPA then says so). `url` is the request's, with its query.
 */
export async function salonIndexHtml(
  context: ServerContext,
  build: string,
  path: string,
  url: string,
): Promise<string | undefined> {
  const slug = salonSlugOf(path);
  if (!slug) return undefined;
  const salon = await publicSalonRead<SalonPage>(context, 'salon_public_page', slug);
  if (!salon) return undefined;
  const indexHtml = await readFile(join(build, 'index.html'), 'utf8');
  const origins = { site: siteUrlOf(context.config).replace(/\/+$/, ''), api: apiUrlOf(context.config) };
  const withHead = withSalonHead(indexHtml, salonHead(salon, origins));
  const [render, css] = await Promise.all([salonPageRenderer(build), paintedPageCss(build, 'salon-page')]);
  if (!render) return withHead;
  const painted = withScriptAfterPaint(withSalonBody(withHead, render(salon, url), salon));
  return css === undefined ? painted : withCriticalCss(painted, css);
}
