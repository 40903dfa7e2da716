/** Marks the signed-in area's frame that server/ painted inside #root (src/prerender/area-shell-html.tsx). */
export const paintedShellAttribute = 'data-area-shell';
