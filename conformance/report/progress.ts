import cliProgress from 'cli-progress';
import { formatDuration, plural } from './_internals/summarize.js';

/** What the engine knows so far, passed to {@link Progress.tick}. */
export interface ProgressStats {
  /** Cases run so far. */
  readonly cases: number;
  /** Requests sent so far. */
  readonly requests: number;
  /** Failures found so far. */
  readonly failures: number;
}

/** What the engine calls while it runs; every method is cheap and safe to call often. */
export interface Progress {
  /** Starts the display; `total` is the number of cases planned, when known. */
  start(total?: number): void;
  /** Reports the counts so far. */
  tick(stats: ProgressStats): void;
  /** Draws the last state and releases the terminal. Idempotent. */
  stop(): void;
}

/** How progress is shown: redrawn in place, as periodic lines, or not at all. */
export type ProgressMode = 'live' | 'plain' | 'off';

/** A stream progress can be written to. */
export type ProgressStream = NodeJS.WritableStream & { readonly isTTY?: boolean };

/** Options of {@link createProgress}. */
export interface ProgressOptions {
  /** Where to write; standard error by default, so reports on standard output stay clean. */
  readonly stream?: ProgressStream;
  /** Decided by {@link progressMode} when not given (`off` for `--quiet`). */
  readonly mode?: ProgressMode;
  /** Plain mode: the least time between two lines, in ms (default 10 000). */
  readonly intervalMs?: number;
  /** The clock, for tests. */
  readonly now?: () => number;
}

/** `live` on a TTY outside CI, `plain` otherwise (no escape codes in CI logs or files). */
export function progressMode(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv): ProgressMode {
  const ci = env['CI'] !== undefined && env['CI'] !== '' && env['CI'] !== 'false';
  return stream.isTTY === true && !ci && env['TERM'] !== 'dumb' ? 'live' : 'plain';
}

/**
 * Creates the progress display of a run: a live bar drawn by cli-progress on a TTY, or plain lines
 * at most every `intervalMs` (and one at the end) when `CI` is set or the stream is not a TTY.
 */
export function createProgress(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const mode = options.mode ?? progressMode(stream, process.env);
  if (mode === 'off') return { start() {}, tick() {}, stop() {} };
  if (mode === 'live') return liveProgress(stream);
  return plainProgress(stream, options.intervalMs ?? 10_000, options.now ?? Date.now);
}

const ZERO: ProgressStats = { cases: 0, requests: 0, failures: 0 };

function liveProgress(stream: ProgressStream): Progress {
  let bar: cliProgress.SingleBar | undefined;
  let known = false;
  const payload = (s: ProgressStats): Record<string, string> => ({
    requests: plural(s.requests, 'request'),
    failures: plural(s.failures, 'failure'),
  });
  return {
    start(total) {
      known = total !== undefined && total > 0;
      bar = new cliProgress.SingleBar(
        {
          stream,
          format: known
            ? '{bar} {percentage}% | {value}/{total} cases | {requests} | {failures} | {duration_formatted}'
            : '{value} cases | {requests} | {failures} | {duration_formatted}',
          barsize: 24,
          hideCursor: false,
          gracefulExit: false,
          fps: 8,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(known ? (total ?? 0) : 0, 0, payload(ZERO));
    },
    tick(stats) {
      bar?.update(stats.cases, payload(stats));
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}

function plainProgress(stream: ProgressStream, intervalMs: number, now: () => number): Progress {
  let started: number | undefined;
  let lastLine = 0;
  let total: number | undefined;
  let last = ZERO;
  const line = (s: ProgressStats): string =>
    `progress: ${total === undefined ? plural(s.cases, 'case') : `${s.cases}/${total} cases`}, ${plural(s.requests, 'request')}, ` +
    `${plural(s.failures, 'failure')} (${formatDuration(now() - (started ?? now()))})\n`;
  return {
    start(t) {
      started = lastLine = now();
      total = t !== undefined && t > 0 ? t : undefined;
      last = ZERO;
      stream.write(`progress: started${total === undefined ? '' : `, ${plural(total, 'case')} planned`}\n`);
    },
    tick(stats) {
      last = stats;
      if (started === undefined || now() - lastLine < intervalMs) return;
      lastLine = now();
      stream.write(line(stats));
    },
    stop() {
      if (started === undefined) return;
      stream.write(line(last).replace('progress:', 'progress: done,'));
      started = undefined;
    },
  };
}
