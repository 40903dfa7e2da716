import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadingBlocks } from '@/components/loading-blocks';
import { OfflineWaiting } from '@/components/offline-waiting';
import { QueryFailed } from '@/components/query-failed';
import { failureText } from '@/lib/api-error';
import { texts } from '@/lib/texts';

/** The part of a TanStack query result a screen's states depend on. */
export interface QueryState<T> {
  isPending: boolean;
  /** 'paused' while the query waits for the connection (TanStack Query, offline). */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryViewProps<T> {
  query: QueryState<T>;
  /** Shown while the first answer is awaited (grey blocks by default). */
  pending?: ReactNode;
  /** A template with `{message}` (default 'Impossibile caricare i dati: {message}'), or the text for an error. */
  errorText?: string | ((error: unknown) => string);
  /** When the data counts as nothing to show (default: an empty list). */
  isEmpty?: (data: T) => boolean;
  /** What shows for no data: a text goes in the empty-state box. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

function defaultIsEmpty(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}

/** One query's states: pending (or waiting for the connection), failed (with 'Riprova'), empty, and its data. */
export function QueryView<T>({
  query,
  pending,
  errorText = texts.app.loadError,
  isEmpty = defaultIsEmpty,
  empty,
  children,
}: QueryViewProps<T>) {
  if (query.isPending && query.fetchStatus === 'paused') {
    return <OfflineWaiting onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) return <>{pending ?? <LoadingBlocks />}</>;
  if (query.isError) {
    const message =
      typeof errorText === 'string' ? failureText(errorText, query.error) : errorText(query.error);
    return <QueryFailed message={message} onRetry={() => void query.refetch()} />;
  }
  const data = query.data as T;
  if (empty !== undefined && isEmpty(data)) {
    return <>{typeof empty === 'string' ? <EmptyState>{empty}</EmptyState> : empty}</>;
  }
  return <>{children(data)}</>;
}
