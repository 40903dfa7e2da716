import { onlineManager } from '@tanstack/react-query';
import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { LoadingBlocks } from '@/components/loading-blocks';
import { LoadingScreen } from '@/components/layouts/loading-screen';
import { whoamiQueryOptions } from '@/features/auth/api/get-whoami';
import { queryClient } from '@/lib/query-client';
import { NotFoundPage } from '@/app/routes/not-found-page';
import { PaintedAreaShell } from '@/app/routes/painted-area-shell';

/** A screen of an area: in a chunk of its own, or `inThisChunk` with the list of screens. */
type ScreenLoader = () => Promise<ComponentType>;

/** A screen that comes with the area's list of screens. */
export function inThisChunk(Screen: ComponentType): ScreenLoader {
  return () => Promise.resolve(Screen);
}

/** An area's screens by segment, and what asks for the data of the one being opened. */
export interface AreaScreens {
  screens: Record<string, ScreenLoader>;
  prefetch?: (segment: string) => Promise<void>;
}

const loadedScreens = new Map<ScreenLoader, ComponentType>();
const loadingScreens = new Map<ScreenLoader, Promise<ComponentType>>();

/** Loads a screen's chunk once; one that failed is asked for again the next time. */
function loadScreen(load: ScreenLoader): Promise<ComponentType> {
  let loading = loadingScreens.get(load);
  if (!loading) {
    loading = load().then(
      (Screen) => {
        loadedScreens.set(load, Screen);
        return Screen;
      },
      (error: unknown) => {
        loadingScreens.delete(load);
        throw error;
      },
    );
    loadingScreens.set(load, loading);
  }
  return loading;
}

/** A screen, at once when its chunk is already here (the area's first screen, one seen before). */
function AreaScreen({ load }: { load: ScreenLoader }) {
  const [state, setState] = useState<{ Screen?: ComponentType; error?: unknown }>(() => ({
    Screen: loadedScreens.get(load),
  }));
  useEffect(() => {
    if (state.Screen) return;
    let current = true;
    loadScreen(load).then(
      (Screen) => current && setState({ Screen }),
      (error: unknown) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [load, state.Screen]);
  if (state.error) throw state.error;
  const { Screen } = state;
  return Screen ? <Screen /> : <LoadingBlocks />;
}

/**
 * A prefetch, given up (not cancelled) when the device is or goes offline: its query then waits for the
 * connection, and the screen shows that it does instead of the area waiting behind 'Caricamento...'.
 */
function untilOffline(prefetch: Promise<void> | undefined): Promise<void> {
  if (!prefetch) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = onlineManager.subscribe((online) => {
      if (!online) done();
    });
    const done = () => {
      stop();
      resolve();
    };
    if (!onlineManager.isOnline()) done();
    // A failed prefetch costs nothing: the screen asks again.
    prefetch.then(done, done);
  });
}

/** The area's layout around its screens, by segment; a segment it does not have is not found. */
function areaRoutes(Layout: ComponentType, screens: Record<string, ScreenLoader>): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: Object.entries(screens).map(([segment, load]) => ({
        path: segment,
        element: <AreaScreen key={segment} load={load} />,
      })),
    },
    { path: '*', element: <NotFoundPage /> },
  ];
}

function AreaRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * An area (client, dashboard, admin) is loaded on first visit, so the public and sign-in screens stay
 * small. Its layout, its list of screens, the screen being opened and that screen's data (and whoami,
 * which the role guard asks) all download side by side; the area shows once the layout, the screen,
 * its data and whoami are here, in place of the frame server/ painted (or 'Caricamento...').
 * Loaded through state rather than React.lazy: a Suspense fallback, once shown, holds the screen back
 * for React's 300 ms reveal throttle. A chunk that fails to load is thrown to the error screen, and
 * asked for again on the next attempt.
 */
export function areaRoute(
  loadLayout: () => Promise<ComponentType>,
  loadScreens: () => Promise<AreaScreens>,
): ComponentType {
  let loading: Promise<RouteObject[]> | undefined;
  let routes: RouteObject[] | undefined;
  const openingScreens = async () => {
    const { screens, prefetch } = await loadScreens();
    const segment = window.location.pathname.split('/')[2] ?? '';
    const opening = screens[segment];
    // The screen first shows with its data, so nothing moves when it arrives.
    await Promise.all([opening && loadScreen(opening), untilOffline(prefetch?.(segment))]);
    return screens;
  };
  const start = () => {
    // The role guard's answer too: the area first shows as itself, not as 'Caricamento...' within.
    const whoami = untilOffline(queryClient.prefetchQuery(whoamiQueryOptions()));
    loading ??= Promise.all([loadLayout(), openingScreens(), whoami]).then(
      ([Layout, screens]) => (routes = areaRoutes(Layout, screens)),
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
    return state.routes ? (
      <AreaRoutes routes={state.routes} />
    ) : (
      <PaintedAreaShell fallback={<LoadingScreen />} />
    );
  };
}
