import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/layouts/loading-screen';
import { whoamiQueryOptions } from '@/features/auth/api/get-whoami';
import { queryClient } from '@/lib/query-client';
import { NotFoundPage } from '@/app/routes/not-found-page';

type Area = { Layout: ComponentType; screens: Record<string, ComponentType> };

/** Asks for the data of the area's screen at `segment`; loaded apart from the area's heavier code. */
export type ScreenPrefetch = (segment: string) => Promise<void>;

/** The area's layout around its screens, by segment; a segment it does not have is not found. */
function areaRoutes({ Layout, screens }: Area): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: Object.entries(screens).map(([segment, Screen]) => ({ path: segment, element: <Screen /> })),
    },
    { path: '*', element: <NotFoundPage /> },
  ];
}

function AreaRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * An area (client, dashboard, admin) is its own chunk, loaded on first visit, so the public and
 * sign-in screens stay small. Loaded through state rather than React.lazy: a Suspense fallback, once
 * shown, holds the screen back for React's 300 ms reveal throttle. A chunk that fails to load is thrown
 * to the error screen, and asked again on the next attempt.
 */
export function areaRoute(
  load: () => Promise<Area>,
  loadPrefetch?: () => Promise<ScreenPrefetch>,
): ComponentType {
  let loading: Promise<RouteObject[]> | undefined;
  let routes: RouteObject[] | undefined;
  const start = () => {
    // The role guard asks whoami, and the screen its data: both while the area's code downloads.
    void queryClient.prefetchQuery(whoamiQueryOptions());
    if (!routes && loadPrefetch) {
      const segment = window.location.pathname.split('/')[2] ?? '';
      // A failed prefetch costs nothing: the screen asks again.
      loadPrefetch().then(
        (prefetch) => prefetch(segment).catch(() => undefined),
        () => undefined,
      );
    }
    loading ??= load().then(
      (area) => (routes = areaRoutes(area)),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return function LoadedArea() {
    const [state, setState] = useState<{ routes?: RouteObject[]; error?: unknown }>({ routes });
    useEffect(() => {
      if (state.routes) return;
      let current = true;
      start().then(
        // As a transition, the area's first render yields to the browser instead of one long task.
        (loaded) => current && startTransition(() => setState({ routes: loaded })),
        (error: unknown) => current && setState({ error }),
      );
      return () => {
        current = false;
      };
    }, [state.routes]);
    if (state.error) throw state.error;
    return state.routes ? <AreaRoutes routes={state.routes} /> : <LoadingScreen />;
  };
}
