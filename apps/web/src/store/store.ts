import { PERSIST_TIMEOUT_MS, STORAGE_KEYS } from '@bo/contract/constants';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
} from 'redux-persist';
import type { WebStorage } from 'redux-persist';

import { ACCOUNT_CHANGED_EVENT } from '../auth/session';
import { api } from './api';
import { productSlice } from './product-slice';

/** localStorage through redux-persist's storage shape, without its CommonJS default import. */
const storage: WebStorage = {
  getItem: (key) => Promise.resolve(window.localStorage.getItem(key)),
  setItem: (key, value) => Promise.resolve(window.localStorage.setItem(key, value)),
  removeItem: (key) => Promise.resolve(window.localStorage.removeItem(key)),
};

const rootPersistConfig = {
  key: STORAGE_KEYS.persistRoot,
  storage,
  keyPrefix: STORAGE_KEYS.persistPrefix,
  timeout: PERSIST_TIMEOUT_MS,
  // Only the product slice persists, and only what the spec names; server data is refetched.
  whitelist: [] as string[],
};

const productPersistConfig = {
  key: STORAGE_KEYS.persistProduct,
  storage,
  keyPrefix: STORAGE_KEYS.persistPrefix,
  timeout: PERSIST_TIMEOUT_MS,
  whitelist: ['sortBy', 'checkout'],
};

export const rootReducer = combineReducers({
  product: persistReducer(productPersistConfig, productSlice.reducer),
  [api.reducerPath]: api.reducer,
});

export const store = configureStore({
  reducer: persistReducer(rootPersistConfig, rootReducer),
  middleware: (getDefault) =>
    getDefault({
      serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
    }).concat(api.middleware),
});

export const persistor = persistStore(store);

// The account pages change the account through plain calls (a verified address): refetch it.
window.addEventListener(ACCOUNT_CHANGED_EVENT, () => {
  store.dispatch(api.util.invalidateTags(['Account']));
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
