import { Provider as ReduxProvider } from 'react-redux';
import { Outlet } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';

import { LoadingScreen } from '../components/loading-screen/loading-screen';
import { persistor, store } from '../store/store';

/**
 * The Redux store (RTK Query, persisted cart) as a lazy layout route around the screens that use
 * it — the dashboard — so the sign-in and account pages do not download it.
 * The store is a module singleton: moving between these routes keeps its state and cache.
 */
export function StoreProvider() {
  return (
    <ReduxProvider store={store}>
      <PersistGate loading={<LoadingScreen fullScreen />} persistor={persistor}>
        <Outlet />
      </PersistGate>
    </ReduxProvider>
  );
}
