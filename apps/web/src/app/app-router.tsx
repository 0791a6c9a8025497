import { RouterProvider } from 'react-router';

import { createAppRouter } from './router';

let router: ReturnType<typeof createAppRouter> | null = null;

/**
 * The whole app's router: every page but a visit's first sign-in page. It is created on its
 * first render, not when this chunk loads: the sign-in shell fetches the chunk ahead of need and
 * moves the address itself, and a router created then would open at the sign-in page.
 */
export default function AppRouter() {
  router ??= createAppRouter();
  return <RouterProvider router={router} />;
}
