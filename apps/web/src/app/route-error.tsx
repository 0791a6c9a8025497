import { Suspense, lazy } from 'react';

import { LoadingScreen } from '../components/loading-screen/loading-screen';

// Rarely shown, so its view (illustration, buttons) is not part of the entry chunk.
const RouteErrorView = lazy(() =>
  import('./route-error-view').then((m) => ({ default: m.RouteErrorView })),
);

export function RouteError() {
  return (
    <Suspense fallback={<LoadingScreen fullScreen />}>
      <RouteErrorView />
    </Suspense>
  );
}
