import { buildUrl, getHttpToken } from './http';

/**
 * A file the server renders (PDF, XML, zip), fetched with the bearer header (a plain link would
 * carry none). A refusal keeps the server's code and fields, so the screen can say which rule.
 */
export async function fetchFile(
  path: string,
  init: { query?: Record<string, string>; body?: unknown } = {},
): Promise<Blob> {
  return (await fetchOk(path, init)).blob();
}

/**
 * A file the server either answers at once (the blob) or accepts to prepare later (202 and its
 * JSON answer, e.g. an export written by a job).
 */
export async function fetchFileOrAccepted<A>(
  path: string,
  init: { query?: Record<string, string> } = {},
): Promise<{ file: Blob } | { accepted: A }> {
  const response = await fetchOk(path, init);
  if (response.status === 202) return { accepted: (await response.json()) as A };
  return { file: await response.blob() };
}

async function fetchOk(
  path: string,
  init: { query?: Record<string, string>; body?: unknown },
): Promise<Response> {
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
  return response;
}
