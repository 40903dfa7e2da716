import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paintedShellAttribute } from '@/app/routes/painted-shell-attribute';
import { storedSessionUserId } from '@/lib/offline-snapshot';

/**
 * The area's frame server/ painted for the page's first address, read before React replaces #root;
 * none without a stored session, whose visitor is about to be sent to a login.
 */
const painted = storedSessionUserId()
  ? {
      markup: document.querySelector(`#root > [${paintedShellAttribute}]`)?.innerHTML,
      path: window.location.pathname,
    }
  : undefined;

/**
 * While the area's code and data download, the frame already on screen stays as it was painted (the
 * same markup, so nothing moves or paints again); elsewhere, or without one, `fallback`.
 */
export function PaintedAreaShell({ fallback }: { fallback: ReactNode }) {
  const { pathname } = useLocation();
  if (!painted?.markup || pathname !== painted.path) return fallback;
  return <div {...{ [paintedShellAttribute]: '' }} dangerouslySetInnerHTML={{ __html: painted.markup }} />;
}
