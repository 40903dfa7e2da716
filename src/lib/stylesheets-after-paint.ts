/**
 * The stylesheets a page the server painted loads without holding its first paint back
 * (server/spa/salon-body.ts: `media="print"`, `data-after-paint`), applied once loaded.
 */
export function applyStylesheetsAfterPaint(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-after-paint]')) {
    const apply = () => {
      link.media = 'all';
    };
    if (link.sheet) apply();
    else link.addEventListener('load', apply, { once: true });
  }
}
