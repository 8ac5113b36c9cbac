/**
 * autocannon, driven programmatically from the benchmark process (the server is always another
 * process). autocannon ships no types; the few fields used are typed here.
 */
import { createRequire } from 'node:module';

interface Histogram {
  readonly average: number;
  readonly p50: number;
  readonly p97_5: number;
  readonly p99: number;
  readonly max: number;
  readonly total: number;
}

interface AutocannonResult {
  readonly requests: Histogram;
  readonly latency: Histogram;
  readonly duration: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly '2xx': number;
}

interface AutocannonOptions {
  readonly url: string;
  readonly connections: number;
  readonly duration: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeout: number;
}

type Autocannon = (
  options: AutocannonOptions,
  callback: (error: Error | null, result: AutocannonResult) => void,
) => { stop(): void };

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadResult {
  /** Completed requests per second (all of them, 2xx or not) over the measured window. */
  readonly rps: number;
  readonly requests: number;
  /** Latency percentiles of 2xx answers, ms (autocannon records whole milliseconds). */
  readonly p50: number;
  readonly p975: number;
  readonly p99: number;
  readonly max: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly seconds: number;
}

/** One autocannon run of `seconds` against `url`. */
export function load(
  url: string,
  headers: Readonly<Record<string, string>>,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers, timeout: 10 }, (error, result) => {
      if (error) return reject(error);
      const completed = result['2xx'] + result.non2xx;
      resolve({
        rps: completed / result.duration,
        requests: completed,
        p50: result.latency.p50,
        p975: result.latency.p97_5,
        p99: result.latency.p99,
        max: result.latency.max,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        seconds: result.duration,
      });
    });
  });
}
