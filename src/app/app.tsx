import { QueryClientProvider } from '@tanstack/react-query';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from '@/app/router';
import { RouteErrorScreen } from '@/app/routes/route-error-screen';
import { queryClient } from '@/lib/query-client';

/** The outer boundary catches what the root layout itself throws. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ErrorBoundary FallbackComponent={RouteErrorScreen}>
          <AppRoutes />
        </ErrorBoundary>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
