/** The part of autocannon 9's programmatic API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p99: number; max: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Requests in turn; `setupRequest` may change each one before it is sent (a token, a body). */
    requests?: Request[];
  };
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
