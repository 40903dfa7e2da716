import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** A link opens the next screen at its top; the back and forward buttons leave the browser's scroll. */
export function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
