import { createApi } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';

import { http } from '../lib/http';
import type { HttpError, HttpOptions } from '../lib/http';

export type HttpArgs = { url: string } & HttpOptions;

/** RTK Query over the one HTTP client, so bearer header and error shape are shared. */
const httpBaseQuery: BaseQueryFn<HttpArgs | string, unknown, HttpError> = async (args, api) => {
  const { url, ...options } = typeof args === 'string' ? { url: args } : args;
  try {
    const data = await http<unknown>(url, { ...options, signal: api.signal });
    return { data };
  } catch (error) {
    return { error: error as HttpError };
  }
};

/**
 * The one API slice; each area adds its endpoints with `api.injectEndpoints` from its own
 * `sections/<area>/` file, so this file does not grow with every screen.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: ['User', 'Account', 'Notification'],
  endpoints: () => ({}),
});
