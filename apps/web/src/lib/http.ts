import { GENERIC_ERROR_MESSAGE } from '@bo/contract/constants';
import type { ErrorBody } from '@bo/contract/errors';

import { CONFIG } from '../config';

/**
 * The one HTTP client for the app's JSON calls (spec §7): RTK Query, auth and forms go through it,
 * so the bearer header, base address and error shape are decided in one place. No time-out.
 * Transfers of stored bytes, which need a Blob, upload progress or tus, call `fetch` or XHR
 * beside it (invoices-api.ts, files-api.ts) with `buildUrl` and `getHttpToken`; the analytics
 * beacon posts without a token.
 */

let accessToken: string | null = null;

export function setHttpToken(token: string | null): void {
  accessToken = token;
}

export function getHttpToken(): string | null {
  return accessToken;
}

/** What a rejected call carries: the parsed JSON body, or the generic message when there is none. */
export type HttpError = Partial<ErrorBody> & {
  message: string;
  status?: number;
  /** Seconds from a 429's `Retry-After` header, so screens can say when to try again. */
  retryAfter?: number;
};

export function isHttpError(value: unknown): value is HttpError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    typeof (value as { message: unknown }).message === 'string'
  );
}

type Query = Record<string, string | number | boolean | null | undefined>;

export type HttpOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** A query from a list's arguments: empty ones ('', null, undefined) left out. */
export function queryOf(args: object): Query {
  return Object.fromEntries(
    Object.entries(args).filter(([, v]) => v !== undefined && v !== '' && v !== null),
  ) as Query;
}

export function buildUrl(path: string, query?: Query): string {
  const base = `${CONFIG.apiUrl}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function http<T>(path: string, options: HttpOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // Network failure: no body to carry, so the spec's generic message.
    throw { message: GENERIC_ERROR_MESSAGE } satisfies HttpError;
  }

  const body = await readBody(response);
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after')) || undefined;
    if (typeof body === 'object' && body !== null) {
      const parsed = body as Partial<ErrorBody>;
      throw {
        ...parsed,
        message: typeof parsed.message === 'string' ? parsed.message : GENERIC_ERROR_MESSAGE,
        status: response.status,
        ...(retryAfter ? { retryAfter } : {}),
      } satisfies HttpError;
    }
    throw { message: GENERIC_ERROR_MESSAGE, status: response.status } satisfies HttpError;
  }
  return body as T;
}
