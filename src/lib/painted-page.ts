/**
 * Whether server/ painted #root with the page of the address the document is open at
 * (server/spa/home-page.ts, `data-painted-path`): the app then takes that markup over in place. The
 * service worker may give the document to another address when offline: that one is rendered anew.
 */
export function isPaintedPage(root: HTMLElement): boolean {
  return root.dataset.paintedPath === window.location.pathname;
}
