import { createRequire } from 'node:module';

/** The part of autocannon's result the benches read. */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Responses per status code, e.g. `{ "200": { count: 500 } }`. */
  statusCodeStats: Record<string, { count: number }>;
}

export interface AutocannonRequest {
  path: string;
  headers?: Record<string, string>;
  setupRequest?: (request: { path: string; headers: Record<string, string> }) => {
    path: string;
    headers: Record<string, string>;
  };
}

export interface AutocannonOptions {
  url: string;
  connections: number;
  /** Seconds (ignored when `amount` is given). */
  duration?: number;
  /** Stop after this many requests. */
  amount?: number;
  /** Requests per second from all connections together (none: as fast as the server answers). */
  overallRate?: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}

export type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;

/** autocannon (a CommonJS module without types). */
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** How many answers had this status. */
export const statusCount = (result: AutocannonResult, status: number): number =>
  Number(result.statusCodeStats?.[String(status)]?.count ?? 0);
