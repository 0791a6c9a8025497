// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  export interface Request {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  /** One connection; `setupClient` may give it its own requests. */
  export interface Client {
    setRequests(requests: Request[]): void;
  }
  interface Options {
    setupClient?: (client: Client) => void;
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to send in all, instead of a duration. */
    amount?: number;
    headers?: Record<string, string>;
    requests?: Request[];
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
