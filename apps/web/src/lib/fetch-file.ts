import { buildUrl, getHttpToken } from './http';

/**
 * A file the server renders (PDF, XML, zip), fetched with the bearer header (a plain link would
 * carry none). A refusal keeps the server's code and fields, so the screen can say which rule.
 */
export async function fetchFile(
  path: string,
  init: { query?: Record<string, string>; body?: unknown } = {},
): Promise<Blob> {
  const token = getHttpToken();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, init.query), {
      method: init.body === undefined ? 'GET' : 'POST',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw { message: 'Something went wrong' };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    throw {
      ...body,
      message: typeof body.message === 'string' ? body.message : 'Something went wrong',
      status: response.status,
    };
  }
  return response.blob();
}
