import type { HttpError } from './http';

/**
 * Whether a failed call may pass if made again in a moment: no answer at all (the network, a
 * server restarting behind its proxy) or an answer that says "not now" (429, 502, 503, 504). A
 * refusal (401, 403, 404, 4xx) or a server error (500) is an answer: making it again changes
 * nothing.
 */
export function isPassingFailure(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  const status = (error as HttpError | null)?.status;
  return status === undefined || [429, 502, 503, 504].includes(status);
}

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * `run`, made again after each of `delays` (ms) while it fails in a way that may pass; the last
 * failure, or the first that will not pass, is thrown. `stop` ends the tries early (a component
 * gone): its failure is thrown as it is.
 */
export async function retrying<T>(
  run: () => Promise<T>,
  delays: readonly number[],
  {
    stop = () => false,
    wait = sleep,
  }: { stop?: () => boolean; wait?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || stop() || !isPassingFailure(error)) throw error;
      await wait(delay);
    }
  }
}
