import { RouterProvider } from 'react-router';

import { createAppRouter } from './router';

// Created when this chunk first runs, so it opens at the address of that moment (the sign-in
// shell may have moved it).
const router = createAppRouter();

/** The whole app's router: every page but a visit's first sign-in page. */
export default function AppRouter() {
  return <RouterProvider router={router} />;
}
