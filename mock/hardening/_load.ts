/**
 * Load helpers for the mock's hardening tests and the soak script (not part of the mock's API):
 * a mixed request cycle and an autocannon run summarised as the figures the issue asks for.
 */
import { createRequire } from 'node:module';

/** One request of autocannon's `requests` cycle. */
export interface LoadRequest {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/** The figures of one load run. */
export interface LoadFigures {
  /** Responses received. */
  readonly requests: number;
  /** Responses per status code. */
  readonly statuses: Readonly<Record<string, number>>;
  /** Responses with a 5xx status. */
  readonly fiveXx: number;
  /** Connection errors and timeouts, as autocannon counts them. */
  readonly errors: number;
  readonly timeouts: number;
  readonly durationSeconds: number;
}

interface AutocannonResult {
  readonly errors: number;
  readonly timeouts: number;
  readonly duration: number;
  readonly statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

// autocannon ships no types; only the fields read here are declared.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/**
 * A mixed cycle of requests, as a frontend's test suite would send them: lists and filters, creations,
 * reads of existing and missing pets, a wrong key, no key, an invalid body, malformed JSON, an unknown
 * route, a method the path does not allow, and a CORS preflight.
 */
export function mixedRequests(key: string): LoadRequest[] {
  const auth = { Authorization: `Bearer ${key}` };
  const json = { ...auth, 'Content-Type': 'application/json' };
  return [
    { method: 'GET', path: '/v1/pets?limit=5', headers: auth },
    { method: 'POST', path: '/v1/pets', headers: json, body: '{"name":"Load","categoryId":3,"status":"available"}' },
    { method: 'GET', path: '/v1/pets/1', headers: auth },
    { method: 'GET', path: '/v1/pets', headers: { Authorization: 'Bearer not-the-key' } },
    { method: 'GET', path: '/v1/pets' },
    { method: 'POST', path: '/v1/pets', headers: json, body: '{"name":42}' },
    { method: 'POST', path: '/v1/pets', headers: json, body: '{"name":' },
    { method: 'GET', path: '/v1/unknown/route', headers: auth },
    { method: 'GET', path: '/v1/pets?status=sold&limit=3', headers: auth },
    { method: 'DELETE', path: '/v1/pets', headers: auth },
    { method: 'GET', path: '/v1/pets/999999999', headers: auth },
    {
      method: 'OPTIONS',
      path: '/v1/pets',
      headers: { Origin: 'http://app.test', 'Access-Control-Request-Method': 'POST' },
    },
  ];
}

/** Sends `amount` requests cycling through `requests` over `connections` keep-alive connections. */
export async function runLoad(
  url: string,
  requests: readonly LoadRequest[],
  amount: number,
  connections: number,
): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, amount, requests, timeout: 10 });
  const statuses: Record<string, number> = {};
  let total = 0;
  let fiveXx = 0;
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    statuses[code] = count;
    total += count;
    if (Number(code) >= 500) fiveXx += count;
  }
  return {
    requests: total,
    statuses,
    fiveXx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
  };
}

/** Resident set size of this process, in MiB. */
export function rssMiB(): number {
  return Math.round((process.memoryUsage().rss / 1024 / 1024) * 10) / 10;
}
