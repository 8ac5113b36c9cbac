import { type MockError, mockError } from './errors.js';

/** The request header that delays one answer, in ms. */
export const DELAY_HEADER = 'x-mock-delay';
/** Longest delay the header may ask for (30 s), so a typo cannot hang a test run. */
export const MAX_HEADER_DELAY_MS = 30_000;

/** The delay for one request: the header's value when sent, else the global delay; or a 400 for a bad value. */
export function requestDelay(
  header: string | string[] | undefined,
  globalMs: number,
): { readonly ms: number; readonly error?: MockError } {
  if (header === undefined) return { ms: globalMs };
  const value = Array.isArray(header) ? header.join(',') : header.trim();
  if (!/^\d{1,6}$/.test(value) || Number(value) > MAX_HEADER_DELAY_MS) {
    return {
      ms: globalMs,
      error: mockError(
        400,
        'invalid_header',
        `X-Mock-Delay must be a whole number of ms from 0 to ${MAX_HEADER_DELAY_MS}.`,
      ),
    };
  }
  return { ms: Number(value) };
}

/** Waits `ms`, or less when `signal` aborts (shutdown must not wait for pending delays). */
export async function wait(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return;
  await new Promise<void>((resolve) => {
    // Aborted by shutdown: answer at once.
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
