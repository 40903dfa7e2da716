import { createBrowserRouter, RouterProvider } from 'react-router';
import { HomePage } from '@/app/routes/home-page';
import { NotFoundPage } from '@/app/routes/not-found-page';

const router = createBrowserRouter([
  { path: '/', element: <HomePage /> },
  { path: '*', element: <NotFoundPage /> },
]);

export function App() {
  return <RouterProvider router={router} />;
}
